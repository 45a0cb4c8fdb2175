export { MarkedText, MatchedPassageText, splitMarked } from './markedText';
export {
  cardPassage,
  useMatchHighlights,
  type HighlightSearch,
  type MatchedPassage,
} from './useMatchHighlights';
export { highlightLinkQuery, highlightSearchOf, WhyItMatched } from './WhyItMatched';
