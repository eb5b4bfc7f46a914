import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { ownContactOps } from '@phjr/contract/auth/own-contact';
import { PHONE_RE } from '@phjr/contract/auth/sms';
import { callOperation } from './operation-client.ts';

/** ownContactOps.own: the signed-in account's contact name and full phone, for the application forms' prefill. */
export function useOwnContact(enabled = true) {
  return useQuery({
    queryKey: ['own-contact'],
    enabled,
    queryFn: ({ signal }) => callOperation(ownContactOps.own, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * Fills a form's `contactName` and `contactPhone` from the account once it is read, each only while the field is
 * still empty (a resumed draft or what the user typed wins); both stay editable.
 */
export function usePrefillContact(form: FormInstance, enabled = true) {
  const contact = useOwnContact(enabled);
  const data = contact.data;
  useEffect(() => {
    if (!data) return;
    if (!form.getFieldValue('contactName') && data.contactName) form.setFieldValue('contactName', data.contactName);
    if (!form.getFieldValue('contactPhone') && data.contactPhone && PHONE_RE.test(data.contactPhone))
      form.setFieldValue('contactPhone', data.contactPhone);
  }, [form, data]);
  return contact;
}
