/**
 * Plain-language titles of the IPC sections and of selected classes and subclasses, with typical
 * fields of use. The offline summarizer takes a patent's types from these titles and, when its
 * own text names no use, its sample uses from these lists: real facts about the classification,
 * never invented claims about the invention.
 */
export interface IpcHeading {
  code: string;
  title: string;
  uses: readonly string[];
}

export const IPC_SECTIONS: readonly IpcHeading[] = [
  {
    code: 'A',
    title: 'Human necessities',
    uses: ['Consumer and household products', 'Health, food and agriculture'],
  },
  {
    code: 'B',
    title: 'Operations and transport',
    uses: ['Industrial production lines', 'Vehicles and goods handling'],
  },
  {
    code: 'C',
    title: 'Chemistry and metallurgy',
    uses: ['Chemical and materials manufacturing', 'Industrial process chemistry'],
  },
  {
    code: 'D',
    title: 'Textiles and paper',
    uses: ['Textile and garment production', 'Paper and packaging production'],
  },
  {
    code: 'E',
    title: 'Fixed constructions',
    uses: ['Building and civil works', 'Infrastructure maintenance'],
  },
  {
    code: 'F',
    title: 'Mechanical engineering',
    uses: ['Machinery and engines', 'Heating, cooling and lighting equipment'],
  },
  { code: 'G', title: 'Physics', uses: ['Measurement and instrumentation', 'Computing and control systems'] },
  { code: 'H', title: 'Electricity', uses: ['Electronic devices', 'Power and communication networks'] },
];

/** Classes (three characters) and subclasses (four); the longest matching code wins. */
export const IPC_CLASSES: readonly IpcHeading[] = [
  { code: 'A01', title: 'Agriculture', uses: ['Crop farming and harvesting', 'Livestock and animal care'] },
  {
    code: 'A01N',
    title: 'Crop protection and biocides',
    uses: ['Pest and weed control', 'Plant growth regulation'],
  },
  { code: 'A21', title: 'Baking', uses: ['Commercial bakeries', 'Dough and bakery products'] },
  { code: 'A23', title: 'Foods and foodstuffs', uses: ['Food manufacturing', 'Packaged and prepared foods'] },
  { code: 'A41', title: 'Clothing', uses: ['Garment design', 'Protective and sports clothing'] },
  { code: 'A43', title: 'Footwear', uses: ['Shoe manufacturing', 'Athletic footwear'] },
  {
    code: 'A45',
    title: 'Personal and travel goods',
    uses: ['Bags and carrying cases', 'Personal accessories'],
  },
  {
    code: 'A47',
    title: 'Furniture and domestic appliances',
    uses: ['Home appliances', 'Kitchen and cleaning equipment'],
  },
  {
    code: 'A61',
    title: 'Medical science and hygiene',
    uses: ['Patient diagnosis and treatment', 'Hospitals and clinics'],
  },
  { code: 'A61B', title: 'Diagnosis and surgery', uses: ['Patient monitoring', 'Surgical procedures'] },
  {
    code: 'A61K',
    title: 'Medicines and drug formulations',
    uses: ['Pharmaceutical products', 'Disease treatment'],
  },
  {
    code: 'A61M',
    title: 'Drug delivery devices',
    uses: ['Infusion and injection therapy', 'Home health care'],
  },
  {
    code: 'A62',
    title: 'Life-saving and fire-fighting',
    uses: ['Emergency response', 'Personal protective equipment'],
  },
  {
    code: 'A63',
    title: 'Sports, games and amusements',
    uses: ['Sports training', 'Games and leisure products'],
  },
  {
    code: 'B01',
    title: 'Chemical and physical processes',
    uses: ['Separation and filtration', 'Catalytic processes'],
  },
  {
    code: 'B05',
    title: 'Spraying and coating',
    uses: ['Surface coating lines', 'Spray application equipment'],
  },
  { code: 'B08', title: 'Cleaning', uses: ['Industrial cleaning', 'Equipment maintenance'] },
  { code: 'B21', title: 'Metal forming', uses: ['Sheet metal production', 'Metal component manufacturing'] },
  { code: 'B22', title: 'Casting and powder metallurgy', uses: ['Foundries', 'Metal powder parts'] },
  {
    code: 'B23',
    title: 'Machine tools and welding',
    uses: ['Machining and welding', 'Manufacturing plants'],
  },
  { code: 'B25', title: 'Hand tools and robots', uses: ['Industrial robotics', 'Tooling and assembly'] },
  {
    code: 'B29',
    title: 'Plastics processing',
    uses: ['Plastic part moulding', 'Polymer product manufacturing'],
  },
  { code: 'B32', title: 'Layered products', uses: ['Laminates and films', 'Composite panels'] },
  { code: 'B33', title: 'Additive manufacturing', uses: ['3D printing of parts', 'Rapid prototyping'] },
  { code: 'B60', title: 'Vehicles', uses: ['Passenger and commercial vehicles', 'Electric vehicles'] },
  { code: 'B61', title: 'Railways', uses: ['Rail transport', 'Rolling stock'] },
  {
    code: 'B62',
    title: 'Land vehicles and cycles',
    uses: ['Vehicle bodies and steering', 'Bicycles and scooters'],
  },
  { code: 'B63', title: 'Ships and boats', uses: ['Marine transport', 'Offshore operations'] },
  {
    code: 'B64',
    title: 'Aircraft and drones',
    uses: ['Aerial surveying and inspection', 'Aviation and aerospace'],
  },
  {
    code: 'B65',
    title: 'Conveying, packing and storage',
    uses: ['Packaging lines', 'Warehousing and logistics'],
  },
  {
    code: 'C01',
    title: 'Inorganic chemistry',
    uses: ['Inorganic chemicals production', 'Industrial minerals'],
  },
  { code: 'C02', title: 'Water treatment', uses: ['Drinking water purification', 'Wastewater treatment'] },
  { code: 'C04', title: 'Cements, concrete and ceramics', uses: ['Concrete and mortar', 'Ceramic products'] },
  { code: 'C07', title: 'Organic chemistry', uses: ['Pharmaceutical intermediates', 'Fine chemicals'] },
  { code: 'C08', title: 'Polymers', uses: ['Plastics and rubber products', 'Polymer compounding'] },
  {
    code: 'C09',
    title: 'Dyes, paints and adhesives',
    uses: ['Paints and coatings', 'Adhesives and sealants'],
  },
  { code: 'C10', title: 'Fuels and lubricants', uses: ['Fuel production', 'Lubricants'] },
  {
    code: 'C12',
    title: 'Biochemistry and biotechnology',
    uses: ['Biotechnology research', 'Fermentation and brewing'],
  },
  { code: 'C12N', title: 'Genetic engineering', uses: ['Gene therapy', 'Cell and enzyme engineering'] },
  { code: 'C22', title: 'Metallurgy and alloys', uses: ['Alloy production', 'Metal refining'] },
  {
    code: 'C23',
    title: 'Metal coating and corrosion',
    uses: ['Corrosion protection', 'Surface treatment of metals'],
  },
  { code: 'D01', title: 'Fibres and yarns', uses: ['Synthetic fibre production', 'Yarn spinning'] },
  { code: 'D03', title: 'Weaving', uses: ['Woven fabric production', 'Technical textiles'] },
  { code: 'D04', title: 'Knitted and non-woven fabrics', uses: ['Non-woven materials', 'Knitted fabrics'] },
  {
    code: 'D06',
    title: 'Textile treatment and laundry',
    uses: ['Fabric finishing and dyeing', 'Laundry appliances'],
  },
  { code: 'D21', title: 'Paper making', uses: ['Paper and board production', 'Pulp processing'] },
  { code: 'E01', title: 'Roads, railways and bridges', uses: ['Road construction', 'Bridge building'] },
  {
    code: 'E02',
    title: 'Hydraulic engineering and foundations',
    uses: ['Foundations and earthworks', 'Waterways and dams'],
  },
  {
    code: 'E03',
    title: 'Water supply and sewerage',
    uses: ['Plumbing and drainage', 'Water supply networks'],
  },
  { code: 'E04', title: 'Building', uses: ['Building construction', 'Walls, floors and roofs'] },
  { code: 'E05', title: 'Locks and fittings', uses: ['Door and window hardware', 'Building security'] },
  { code: 'E06', title: 'Doors, windows and ladders', uses: ['Doors and windows', 'Access equipment'] },
  { code: 'E21', title: 'Drilling and mining', uses: ['Oil and gas drilling', 'Mining operations'] },
  { code: 'F01', title: 'Engines and machines', uses: ['Engine design', 'Power generation machinery'] },
  {
    code: 'F02',
    title: 'Combustion engines and jet propulsion',
    uses: ['Vehicle and aircraft engines', 'Jet propulsion'],
  },
  { code: 'F03', title: 'Wind, water and other motors', uses: ['Wind turbines', 'Hydropower'] },
  { code: 'F04', title: 'Pumps and compressors', uses: ['Fluid pumping', 'Compressed air systems'] },
  { code: 'F16', title: 'Engineering elements', uses: ['Machine components', 'Pipes, valves and bearings'] },
  { code: 'F21', title: 'Lighting', uses: ['Lighting fixtures', 'LED lighting'] },
  { code: 'F24', title: 'Heating and ventilation', uses: ['Heating and air conditioning', 'Solar heating'] },
  { code: 'F25', title: 'Refrigeration', uses: ['Refrigerators and freezers', 'Cold-chain storage'] },
  { code: 'F41', title: 'Weapons', uses: ['Defence equipment', 'Protective armour'] },
  { code: 'F42', title: 'Ammunition and blasting', uses: ['Defence equipment', 'Controlled blasting'] },
  { code: 'G01', title: 'Measuring and testing', uses: ['Sensors and instrumentation', 'Quality testing'] },
  { code: 'G02', title: 'Optics', uses: ['Optical components', 'Displays and imaging'] },
  { code: 'G05', title: 'Control systems', uses: ['Process automation', 'Autonomous machines'] },
  { code: 'G06', title: 'Computing', uses: ['Software and data processing', 'Computer hardware'] },
  { code: 'G06F', title: 'Data processing', uses: ['Software and data processing', 'Computer systems'] },
  {
    code: 'G06N',
    title: 'Machine learning and neural networks',
    uses: ['Artificial intelligence products', 'Predictive analytics'],
  },
  {
    code: 'G06Q',
    title: 'Business and financial methods',
    uses: ['Payments and banking', 'E-commerce and business operations'],
  },
  { code: 'G06T', title: 'Image processing', uses: ['Image analysis', 'Computer graphics'] },
  { code: 'G06V', title: 'Image and video recognition', uses: ['Computer vision', 'Visual inspection'] },
  { code: 'G07', title: 'Checking and vending devices', uses: ['Access control', 'Vending and ticketing'] },
  {
    code: 'G08',
    title: 'Signalling and alarms',
    uses: ['Alarm and surveillance systems', 'Traffic control'],
  },
  { code: 'G09', title: 'Education and display', uses: ['Teaching aids', 'Display devices'] },
  { code: 'G10', title: 'Musical instruments and acoustics', uses: ['Audio products', 'Speech processing'] },
  { code: 'G11', title: 'Information storage', uses: ['Data storage devices', 'Memory systems'] },
  {
    code: 'G16',
    title: 'Information technology for specific fields',
    uses: ['Health informatics', 'Bioinformatics'],
  },
  { code: 'G21', title: 'Nuclear engineering', uses: ['Nuclear power', 'Radiation handling'] },
  { code: 'H01', title: 'Electrical components', uses: ['Electronic components', 'Electrical equipment'] },
  { code: 'H01L', title: 'Semiconductor devices', uses: ['Chip manufacturing', 'Consumer electronics'] },
  {
    code: 'H01M',
    title: 'Batteries and fuel cells',
    uses: ['Electric vehicle batteries', 'Energy storage systems'],
  },
  {
    code: 'H02',
    title: 'Electric power',
    uses: ['Power generation and distribution', 'Electric motors and converters'],
  },
  { code: 'H02S', title: 'Solar photovoltaic power', uses: ['Solar power plants', 'Rooftop solar systems'] },
  {
    code: 'H03',
    title: 'Electronic circuits',
    uses: ['Electronic circuit design', 'Signal processing hardware'],
  },
  { code: 'H04', title: 'Telecommunication', uses: ['Mobile and wireless networks', 'Data communication'] },
  {
    code: 'H04L',
    title: 'Digital data transmission',
    uses: ['Network communication', 'Secure data exchange'],
  },
  { code: 'H04W', title: 'Wireless networks', uses: ['Mobile networks', 'Internet of Things devices'] },
  {
    code: 'H05',
    title: 'Electrical techniques',
    uses: ['Printed circuit boards', 'Electric heating and lighting'],
  },
  {
    code: 'H10',
    title: 'Semiconductor and solid-state devices',
    uses: ['Chip manufacturing', 'Displays and memory'],
  },
];

const SECTION_BY_CODE = new Map(IPC_SECTIONS.map((section) => [section.code, section]));
const CLASS_BY_CODE = new Map(IPC_CLASSES.map((heading) => [heading.code, heading]));

/** The section and the most specific listed class of an IPC symbol such as `H01M4/13`. */
export function describeIpcSymbol(symbol: string): { section?: IpcHeading; heading?: IpcHeading } {
  const code = symbol.trim().toUpperCase();
  return {
    section: SECTION_BY_CODE.get(code.slice(0, 1)),
    heading: CLASS_BY_CODE.get(code.slice(0, 4)) ?? CLASS_BY_CODE.get(code.slice(0, 3)),
  };
}
