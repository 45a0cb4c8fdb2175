/** Words that say nothing about one patent in particular. */
const BOILERPLATE = new Set(
  'method methods device devices system systems apparatus comprising comprises wherein thereof provided disclosed invention includes including which with from that this these those each said same using used first second present'.split(
    ' ',
  ),
);

/** Another form of the same word, plural to singular and back, where English makes one. */
function inflect(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is|ics)$/.test(word)) return word;
  if (/(sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  if (/(ed|ing|ly|al|ic|ive|ous|ful|less)$/.test(word)) return word;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(sh|ch|x)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/**
 * A plain-language query made from one patent's own title and abstract, as a person who read it
 * would describe it: two words of its title and its four most distinctive words (the rarest in
 * the corpus, by `frequency`), each in another grammatical form, in another order, in a sentence.
 */
export function knownItemQuery(title: string, abstract: string, frequency: (word: string) => number): string {
  const wordsOf = (text: string) => [
    ...new Set((text.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((word) => !BOILERPLATE.has(word))),
  ];
  const fromTitle = wordsOf(title).slice(0, 2);
  const distinctive = wordsOf(`${title} ${abstract}`)
    .filter((word) => !fromTitle.includes(word))
    .sort((left, right) => frequency(left) - frequency(right))
    .slice(0, 4);
  return `looking for ${[...fromTitle, ...distinctive].map(inflect).reverse().join(' ')}`;
}

/**
 * Whether the sought patent is among the first `top` items of an answer: as the item (its
 * family's representative) or as one of the family members the item lists, since one family's
 * publications share their text and any of them may represent it.
 */
export function foundInTop(
  answer: { data: { lens_id: string; family_members?: { lens_id: string }[] }[] },
  lensId: string,
  top = 10,
): boolean {
  return answer.data
    .slice(0, top)
    .some(
      (item) =>
        item.lens_id === lensId || (item.family_members ?? []).some((member) => member.lens_id === lensId),
    );
}
