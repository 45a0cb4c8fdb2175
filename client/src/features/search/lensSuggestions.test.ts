import { describe, expect, it } from 'vitest';
import { applyLensSuggestion, lensSuggestionsAt } from './lensSuggestions';

const at = (text: string) => lensSuggestionsAt(text, text.length);
const labels = (text: string) => at(text)?.options.map((option) => option.label) ?? [];

describe('lensSuggestionsAt', () => {
  it('suggests field names for a bare word', () => {
    expect(labels('solar AND abs')).toEqual(['abstract:']);
    expect(labels('inv')).toEqual(['inventor.name:', 'inventor.name.exact:']);
    expect(labels('solar ')).toEqual([]);
  });

  it('suggests countries by code and by name, in a field group too', () => {
    expect(labels('jurisdiction:A')).toContain('AU');
    expect(at('jurisdiction:austral')?.options[0]).toMatchObject({ insert: 'AU', description: 'Australia' });
    expect(labels('battery AND jurisdiction:(NZ OR austra')).toContain('AU');
  });

  it('suggests legal statuses, kind codes and IPC classes with their titles', () => {
    expect(labels('legal_status.patent_status:act')).toEqual(['ACTIVE']);
    expect(at('kind:B')?.options[0]).toMatchObject({ insert: 'B*', description: 'Granted patent' });
    expect(at('class_ipcr.symbol:A01N')?.options[0]).toMatchObject({
      insert: 'A01N*',
      description: 'Crop protection and biocides',
    });
  });

  it('suggests nothing inside a phrase or for free-text fields', () => {
    expect(at('"solar ab')).toBeNull();
    expect(at('title:sol')).toBeNull();
  });

  it('puts the chosen suggestion in place of the word', () => {
    const text = 'solar AND jurisdiction:austr';
    const found = at(text)!;
    expect(applyLensSuggestion(text, found, found.options[0]!)).toEqual({
      text: 'solar AND jurisdiction:AU',
      caret: 25,
    });
  });
});
