/**
 * The port behind which AI text is written for each patent: an offline extractive summarizer
 * by default, a language model when one is configured. Implementations must only restate what
 * the record says; they never invent facts about an invention.
 */
export interface SummarizerInput {
  title: string;
  abstract: string;
  claims: string;
  ipcSymbols: readonly string[];
  publicationType: string | null;
  /**
   * The words its IPC classes are about, learned from their patents with text (ADR 0177), when
   * known: a record with little text is described by them.
   */
  classWords?: readonly string[];
}

export interface GeneratedText {
  /** A plain-language title of at most 80 characters. */
  title: string;
  /** Two or three sentences. */
  summary: string;
  /** Tags of the kind of patent: field of technology and publication type. */
  types: string[];
  /** Two to four sample uses. */
  uses: string[];
}

export interface Summarizer {
  summarize(input: SummarizerInput): Promise<GeneratedText> | GeneratedText;
}
