import { useState } from 'react';
import { App } from 'antd';
import { RequestError } from '../../lib/request-error.ts';

/** Why the server refused the chosen file as a whole (a forbidden column, not the template, too large...). */
export interface ImportRefusal {
  fileName: string;
  reason: string;
}

/**
 * The state of an Excel import drawer (ImportFileActions + ImportReport): the chosen file, the dry run's result and
 * the real import's. `run(dryRun)` uploads the file through the caller's call; a new file (or another target, `reset`)
 * clears both results. A file the server refuses whole stays refused in the drawer (`refusal`, with the server's
 * reason, until another file is chosen) and is let go, so the user picks another (issue 30: a refused farmer file with
 * a sensitive column showed only a 3-second toast while the drawer kept the file). `step` is the Steps' current step (template, file,
 * check, import). `fileProps` wires ImportFileActions.
 */
export function useImportRun<R extends { valid: number }>({
  call,
  doneText,
  onImported,
}: {
  call(file: File, dryRun: boolean): Promise<R>;
  doneText(r: R): string;
  onImported?(r: R): void;
}) {
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<R | null>(null);
  const [imported, setImported] = useState<R | null>(null);
  const [refusal, setRefusal] = useState<ImportRefusal | null>(null);

  function reset() {
    setChecked(null);
    setImported(null);
  }

  async function run(dryRun: boolean) {
    if (!file) return;
    try {
      const r = await call(file, dryRun);
      if (dryRun) setChecked(r);
      else {
        setImported(r);
        void message.success(doneText(r));
        onImported?.(r);
      }
    } catch (e) {
      // A business refusal of the file itself: kept on screen with its reason, and the file let go. Anything else
      // (network, session) is the request layer's alone, and the file stays to try again.
      if (e instanceof RequestError && e.kind === 'business') {
        setRefusal({ fileName: file.name, reason: e.info?.errorMessage ?? e.message });
        setFile(null);
        reset();
      }
    }
  }

  return {
    file,
    checked,
    imported,
    step: imported ? 3 : checked ? 2 : file ? 1 : 0,
    /** What the report shows: the import once done, else the dry run. */
    shown: imported ?? checked,
    refusal,
    reset,
    run,
    /** ImportFileActions' props that follow from this state (the caller adds its labels, template, canCheck, pending). */
    fileProps: {
      file,
      onFile(f: File) {
        reset();
        setRefusal(null);
        setFile(f);
      },
      canImport: !!checked && checked.valid > 0 && !imported,
      checked: !!checked,
      onRun: (dryRun: boolean) => void run(dryRun),
    },
  };
}
