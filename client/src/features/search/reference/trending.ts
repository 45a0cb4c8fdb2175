/** Example topics for the trending side panel; each opens an AI search (all are over 20 characters). */
export const TRENDING_TOPICS: readonly string[] = [
  'Solid-state batteries for electric vehicles',
  'CRISPR gene editing for inherited diseases',
  'Carbon capture from industrial flue gas',
  'Large language models for medical diagnosis',
  'Biodegradable packaging made from seaweed',
  'Perovskite solar cells with higher efficiency',
  'Autonomous drones for crop monitoring',
  'Quantum computing error correction methods',
  'Green hydrogen production by electrolysis',
  'Wearable sensors for continuous glucose monitoring',
  'Recycling lithium from spent batteries',
  'mRNA vaccine delivery with lipid nanoparticles',
  'Plant-based meat alternatives and textures',
  'Wave energy converters for coastal power',
];
