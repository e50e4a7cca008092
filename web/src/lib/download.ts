/**
 * Saves text the page made as a file ("Download candidates"). A byte-order mark goes first so
 * spreadsheet programs read the UTF-8 names right.
 */
export const downloadText = (text: string, fileName: string, type: string) => {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
