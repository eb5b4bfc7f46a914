import { Button, Form, Upload, type UploadFile } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { MAX_UPLOAD_BYTES, type UploadedFile } from '@phjr/contract/files/upload';
import { uploadFailure } from '../lib/request-error.ts';

/** The documents a form accepts as attachments (the server checks the content again). */
export const ATTACH_ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.docx,.xlsx';

/**
 * A form's attachments (the form item `attachments`, a list of UploadFile<UploadedFile>): each file uploads at once
 * through `upload`, a file above the upload limit is refused on the field before it is sent, a failed upload shows
 * the request layer's reason on the file. The form sends the uploaded files' ids. Texts are the feature's.
 */
export function AttachmentsField({
  label,
  extra,
  max,
  upload,
  texts,
}: {
  label: string;
  extra: string;
  max: number;
  upload(file: File): Promise<UploadedFile>;
  texts: { fileSize: string; attach: string };
}) {
  const form = Form.useFormInstance();
  return (
    <Form.Item
      name="attachments"
      label={label}
      valuePropName="fileList"
      getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList}
      extra={extra}
    >
      <Upload
        accept={ATTACH_ACCEPT}
        multiple
        maxCount={max}
        beforeUpload={(f) => {
          if (f.size > MAX_UPLOAD_BYTES) {
            form.setFields([{ name: 'attachments', errors: [texts.fileSize] }]);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          try {
            onSuccess?.(await upload(file as File));
          } catch (e) {
            onError?.(uploadFailure(e));
          }
        }}
      >
        <Button icon={<PaperClipOutlined />}>{texts.attach}</Button>
      </Upload>
    </Form.Item>
  );
}
