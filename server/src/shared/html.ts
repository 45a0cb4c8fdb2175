/** Text made safe inside HTML (the stand-ins' plain pages). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
