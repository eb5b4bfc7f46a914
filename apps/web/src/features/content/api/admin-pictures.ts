import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPictureIdResponse, ZPictureListResponse, type PicturePlace, type SavePictureRequest, type ZPictureIdRequest } from '@phjr/contract/content/pictures';
import { get, post } from '../../../lib/request.ts';
import { SYS_IMAGES_KEY } from '../../../lib/session.ts';

/** The back office's picture calls (`/finance/door/picture/...`, content:manage). */

const KEY = ['content-admin', 'pictures'] as const;

/** GET /finance/door/picture/list.json?place= */
export function usePictures(place: PicturePlace) {
  return useQuery({
    queryKey: [...KEY, place],
    queryFn: async () => (await get('/finance/door/picture/list.json', { place }, { schema: ZPictureListResponse })).data,
  });
}

function usePictureMutation<V>(url: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (req: V) => (await post(url, req, { schema: ZPictureIdResponse })).data,
    // The portal reads the active pictures at start-up (system images); refresh them too.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: KEY }), qc.invalidateQueries({ queryKey: SYS_IMAGES_KEY })]),
  });
}

/** POST /finance/door/picture/save.json */
export const useSavePicture = () => usePictureMutation<SavePictureRequest>('/finance/door/picture/save.json');
/** POST /finance/door/picture/remove.json */
export const useRemovePicture = () => usePictureMutation<z.input<typeof ZPictureIdRequest>>('/finance/door/picture/remove.json');
