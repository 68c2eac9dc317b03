import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { useNotification, type CrudFilter, type CrudSort } from '@refinedev/core';
import { useRef, useState } from 'react';
import type { ResourceContract } from '../../domain/contract';
import { formatCount } from '../../domain/format';
import { exportCsv } from '../../providers/data-provider/export';
import { serverMessageOr } from '../../providers/http';

/** Hands a file to the browser to save, as a download named `filename`. */
export function saveFile(file: Blob, filename: string) {
  const link = Object.assign(document.createElement('a'), { href: URL.createObjectURL(file), download: filename });
  link.click();
  URL.revokeObjectURL(link.href);
}

/** Export: the list as the grid shows it (search, filters, sort; every page) as a CSV file, with its progress and a Cancel. */
export function ExportButton({
  contract,
  filters,
  sorters,
}: {
  contract: ResourceContract<never>;
  filters: CrudFilter[];
  sorters: CrudSort[];
}) {
  const { open: notify } = useNotification();
  const running = useRef<AbortController>(undefined);
  const [progress, setProgress] = useState<string>();
  const start = async () => {
    const controller = (running.current = new AbortController());
    setProgress('Exporting…');
    try {
      const onProgress = (rows: number, total: number) =>
        setProgress(`Exporting ${formatCount(rows)} of ${formatCount(total)}`);
      const { file, filename } = await exportCsv(
        contract,
        { filters, sorters },
        { signal: controller.signal, onProgress },
      );
      saveFile(file, filename);
    } catch (error) {
      notify?.(
        controller.signal.aborted
          ? { type: 'success', message: 'Export cancelled' }
          : { type: 'error', message: `Export failed: ${serverMessageOr(error, (error as Error).message)}` },
      );
    } finally {
      setProgress(undefined);
    }
  };
  if (!progress)
    return (
      <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void start()}>
        Export
      </Button>
    );
  return (
    <>
      <Button variant="outlined" disabled role="status" aria-live="polite">
        {progress}
      </Button>
      <Button onClick={() => running.current?.abort()}>Cancel export</Button>
    </>
  );
}
