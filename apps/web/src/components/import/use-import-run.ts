import { useState } from 'react';
import { App } from 'antd';

/**
 * The state of an Excel import drawer (ImportFileActions + ImportReport): the chosen file, the dry run's result and
 * the real import's. `run(dryRun)` uploads the file through the caller's call; a new file (or another target, `reset`)
 * clears both results. Refusals are shown by the request layer. `step` is the Steps' current step (template, file,
 * check, import). `fileProps` wires ImportFileActions.
 */
export function useImportRun<R extends { valid: number }>({ call, doneText, onImported }: { call(file: File, dryRun: boolean): Promise<R>; doneText(r: R): string; onImported?(r: R): void }) {
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<R | null>(null);
  const [imported, setImported] = useState<R | null>(null);

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
    } catch {
      // Shown by the request layer (not the template, too large, a forbidden column...).
    }
  }

  return {
    file,
    checked,
    imported,
    step: imported ? 3 : checked ? 2 : file ? 1 : 0,
    /** What the report shows: the import once done, else the dry run. */
    shown: imported ?? checked,
    reset,
    run,
    /** ImportFileActions' props that follow from this state (the caller adds its labels, template, canCheck, pending). */
    fileProps: {
      file,
      onFile(f: File) {
        reset();
        setFile(f);
      },
      canImport: !!checked && checked.valid > 0 && !imported,
      checked: !!checked,
      onRun: (dryRun: boolean) => void run(dryRun),
    },
  };
}
