import type { SeededRandom } from '../random.js';

/**
 * The long tail of patent text. Real patents name what sets them apart (a material, a shape, a
 * mechanism) in words that few other patents use; without such words every generated patent of a
 * topic would read like hundreds of others, and no search could tell them apart. Materials are
 * composed from chemical word parts (about 2,000 names such as "fluorosiloxane"), the rest drawn
 * from real technical vocabulary, so that a detail is shared by few patents even in a million.
 */
const MATERIAL_PREFIXES = [
  'poly', 'fluoro', 'chloro', 'bromo', 'hydroxy', 'methyl', 'ethyl', 'propyl', 'butyl', 'phenyl',
  'vinyl', 'acryl', 'silyl', 'amino', 'nitro', 'cyano', 'carboxy', 'benzyl', 'cyclo', 'thio',
] as const;
const MATERIAL_ROOTS = [
  'siloxane', 'urethane', 'amide', 'imide', 'ester', 'ether', 'carbonate', 'sulfone', 'olefin', 'styrene',
  'acrylate', 'phosphate', 'titanate', 'zirconate', 'aluminate', 'silicate', 'borate', 'nitride', 'carbide', 'ketone',
  'lactone', 'epoxide', 'glycol', 'cellulose', 'chitosan', 'alginate', 'pyridine', 'thiophene', 'aniline', 'triazine',
  'oxazoline', 'imidazole', 'benzoate', 'malonate', 'succinate', 'stearate', 'fumarate', 'maleimide', 'sulfonate', 'phosphonate',
  'silazane', 'germanate', 'vanadate', 'tungstate', 'molybdate', 'ferrite', 'spinel', 'perovskite', 'zeolite', 'graphene',
  'fullerene', 'nanotube', 'aerogel', 'hydrogel', 'dendrimer', 'liposome', 'cyclodextrin', 'porphyrin', 'norbornene', 'caprolactone',
  'terephthalate', 'methacrylate', 'isocyanate', 'oxetane', 'carbodiimide', 'hydantoin', 'quinone', 'naphthalene', 'anthracene', 'carbazole',
  'fluorene', 'indole', 'piperidine', 'morpholine', 'pyrrolidone', 'acetal', 'ketal', 'orthoester', 'anhydride', 'azide',
  'nitrile', 'oxime', 'hydrazone', 'silane', 'stannane', 'borane', 'phosphazene', 'ketimine', 'enamine', 'sulfoxide',
  'xanthate', 'dithiocarbamate', 'thiourea', 'guanidine', 'biguanide', 'amidine', 'lactam', 'pyrazole', 'triazole', 'tetrazole',
] as const;

const SHAPES = [
  'helical', 'serrated', 'telescopic', 'frustoconical', 'toroidal', 'dovetailed', 'crenellated', 'fluted', 'corrugated', 'chamfered',
  'knurled', 'bifurcated', 'trapezoidal', 'hexagonal', 'annular', 'hemispherical', 'parabolic', 'elliptical', 'tapered', 'stepped',
  'perforated', 'lattice-shaped', 'honeycombed', 'ribbed', 'dimpled', 'scalloped', 'splined', 'keyed', 'slotted', 'flanged',
  'concave', 'convex', 'meandering', 'spiral', 'zigzag', 'interdigitated', 'nested', 'cantilevered', 'gimballed', 'articulated',
] as const;

const MECHANISMS = [
  'a detent', 'a ratchet', 'a pawl', 'a cam follower', 'a trunnion', 'a bellows', 'a diaphragm', 'a solenoid', 'a bimetallic strip', 'a Peltier element',
  'a piezoelectric stack', 'a magnetostrictive rod', 'a Venturi throat', 'a Coanda surface', 'a Hall sensor', 'a reed switch', 'a thermistor', 'a varistor', 'a flywheel', 'a Geneva drive',
  'a worm gear', 'a harmonic drive', 'a Scotch yoke', 'a toggle linkage', 'a pantograph', 'a swashplate', 'a gerotor', 'a Tesla valve', 'a labyrinth seal', 'a ferrofluid seal',
  'a capillary wick', 'a check valve', 'a bimorph actuator', 'an eddy-current brake', 'a magnetorheological damper', 'a shape-memory wire', 'a tuned mass damper', 'a Helmholtz resonator', 'a Fresnel lens', 'a Bragg grating',
  'a waveguide', 'a photodiode array', 'a MEMS gyroscope', 'a quartz oscillator', 'a supercapacitor', 'a thermocouple', 'a strain gauge', 'a capacitive electrode', 'an ultrasonic transducer', 'an optical encoder',
] as const;

/** One distinctive sentence about a family's invention, e.g. "In one embodiment the housing is helical, formed of fluorosiloxane, with a detent." */
export function composeDetail(component: string, random: SeededRandom): string {
  const material = `${random.pick(MATERIAL_PREFIXES)}${random.pick(MATERIAL_ROOTS)}`;
  const part = component.replace(/^(a|an|the)\s+/i, '');
  const plural = part.match(/^plurality of (.+)$/i);
  const subject = plural ? `${plural[1]} are` : `${part} is`;
  return `In one embodiment the ${subject} ${random.pick(SHAPES)}, formed of ${material}, with ${random.pick(MECHANISMS)}.`;
}
