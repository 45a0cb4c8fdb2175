/** Saves bytes or text as a file through a temporary link (a blob: address the CSP allows). */
export function saveFile(contents: BlobPart, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
