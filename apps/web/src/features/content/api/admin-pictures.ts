import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pictureOps, type PicturePlace } from '@phjr/contract/content/pictures';
import type { OperationInput } from '@phjr/contract/operation';
import { callOperation } from '../../../lib/operation-client.ts';
import { SYS_IMAGES_KEY } from '../../../lib/session.ts';

/** The back office's picture calls (`pictureOps`, content:manage). */

const KEY = ['content-admin', 'pictures'] as const;

/** The pictures of one place. */
export function usePictures(place: PicturePlace) {
  return useQuery({
    queryKey: [...KEY, place],
    queryFn: ({ signal }) => callOperation(pictureOps.list, { query: { place } }, { signal }),
  });
}

type WriteOp = (typeof pictureOps)['save' | 'remove'];

function usePictureMutation<O extends WriteOp>(op: O) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OperationInput<O>['body']) => callOperation(op, { body } as OperationInput<O>),
    // The portal reads the active pictures at start-up (system images); refresh them too.
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: KEY }), qc.invalidateQueries({ queryKey: SYS_IMAGES_KEY })]),
  });
}

export const useSavePicture = () => usePictureMutation(pictureOps.save);
export const useRemovePicture = () => usePictureMutation(pictureOps.remove);
