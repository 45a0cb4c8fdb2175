import { render } from '@react-email/components';
import type { ReactElement } from 'react';

/** A message's two parts from one template: HTML for mail clients, plain text for the rest. */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
