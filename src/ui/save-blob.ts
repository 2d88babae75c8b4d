// Hands a file made in the page (a fetched Blob) to the browser's downloads under `name`.
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click the browser has the file; the object URL is not needed any more.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
