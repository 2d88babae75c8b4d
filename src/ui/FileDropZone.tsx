// A dashed area that takes a dropped file (the first one) and holds the screen's own picker
// button and hints; it highlights while a file is dragged over it. Dropping is ignored while
// `disabled` (an upload or a check under way). Used by the music upload and new transcriptions.
import { Box } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export function FileDropZone({ onFile, disabled = false, children }: { onFile: (file: File | null) => void; disabled?: boolean; children: ReactNode }) {
  const [dragging, setDragging] = useState(false);
  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!disabled) onFile(event.dataTransfer.files[0] ?? null);
      }}
      p="md"
      style={{
        border: `2px dashed var(--mantine-color-${dragging ? 'violet-6' : 'default-border'})`,
        borderRadius: 'var(--mantine-radius-md)',
        textAlign: 'center',
      }}
    >
      {children}
    </Box>
  );
}
