import type { Topic } from './topics.js';

export const COMPUTING_AND_ELECTRONICS_TOPICS: readonly Topic[] = [
  {
    key: 'neural-networks',
    weight: 9,
    ipc: ['G06N3/08', 'G06N3/04', 'G06N20/00', 'G06F18/24', 'G06V10/82', 'G06N3/063', 'G10L15/16'],
    cpc: ['G06N3/045', 'G06N3/084', 'G06N3/08', 'G06V10/82'],
    subjects: [
      'neural network training system', 'convolutional neural network accelerator', 'machine learning model for image classification',
      'speech recognition system', 'recommendation engine', 'natural language processing model', 'anomaly detection system',
    ],
    purposes: ['training a neural network', 'classifying images', 'recognising speech', 'detecting anomalies in sensor data', 'compressing a deep learning model'],
    components: [
      'an input layer', 'a plurality of hidden layers', 'an attention module', 'a training data set',
      'a loss function', 'a matrix multiplication unit', 'a feature extractor', 'an inference engine',
    ],
    steps: [
      'receiving a set of labelled training examples', 'computing gradients of the loss function by backpropagation',
      'updating the weights of the neural network', 'quantising the trained weights to eight bits', 'extracting features from the input image',
    ],
    effects: [
      'reduces the time needed to train the model', 'improves classification accuracy', 'lowers the memory footprint of inference',
      'runs on low-power edge devices', 'needs less labelled training data',
    ],
    uses: ['autonomous driving perception', 'medical image analysis', 'voice assistants', 'fraud detection'],
    genericNoun: 'system',
    methodVerb: 'training',
    companyStems: ['NEUROMIND', 'DEEPVECTOR', 'COGNITAL', 'TENSORWAY'],
    companyField: 'TECHNOLOGIES',
  },
  {
    key: 'semiconductors',
    weight: 7,
    ipc: ['H01L21/02', 'H01L21/3065', 'H01L29/78', 'H01L23/00', 'H10B12/00', 'H01L25/065'],
    cpc: ['H01L21/02164', 'H01L21/3065', 'H01L29/7851', 'H01L2224/16225'],
    subjects: [
      'semiconductor device', 'fin field effect transistor', 'three-dimensional memory device', 'plasma etching apparatus',
      'chip package with stacked dies', 'wafer cleaning system', 'gallium nitride power transistor',
    ],
    purposes: ['etching a semiconductor wafer', 'forming a gate structure', 'packaging an integrated circuit', 'depositing a thin film'],
    components: [
      'a silicon substrate', 'a gate dielectric layer', 'a metal gate electrode', 'a through-silicon via',
      'a plasma chamber', 'an interposer', 'a high-k dielectric film', 'a shallow trench isolation region',
    ],
    steps: [
      'depositing a hard mask over the substrate', 'patterning the fin by lithography', 'etching the exposed portion with a plasma',
      'bonding the stacked dies with micro bumps', 'annealing the wafer',
    ],
    effects: [
      'reduces leakage current', 'increases transistor density', 'improves heat dissipation from the chip',
      'lowers the defect rate of the wafer', 'enables higher switching speeds',
    ],
    uses: ['mobile processors', 'memory chips', 'power electronics', 'data centre servers'],
    genericNoun: 'device',
    methodVerb: 'fabricating',
    companyStems: ['SILICORE', 'NANOGATE', 'WAFERTEK', 'QUANTRIX'],
    companyField: 'SEMICONDUCTOR',
  },
  {
    key: 'wireless',
    weight: 8,
    ipc: ['H04W72/04', 'H04W76/10', 'H04B7/06', 'H04L5/00', 'H04W4/70', 'H04W52/02', 'H04B1/3827'],
    cpc: ['H04W72/0446', 'H04L5/0051', 'H04B7/0617', 'H04W4/70'],
    subjects: [
      'wireless communication device', 'base station', 'user equipment', 'beamforming antenna system',
      'low-power wireless sensor node', 'mobile network resource scheduler', 'wireless access point',
    ],
    purposes: ['allocating radio resources', 'transmitting a reference signal', 'establishing a connection with a base station', 'reducing power consumption of a wireless terminal'],
    components: [
      'a radio frequency transceiver', 'an antenna array', 'a baseband processor', 'a scheduling unit',
      'a downlink control channel', 'a sleep timer', 'a channel state information report',
    ],
    steps: [
      'receiving configuration information from the base station', 'transmitting a sounding reference signal', 'selecting a beam based on the measured signal quality',
      'entering a power saving mode between transmissions', 'allocating time and frequency resources to the user equipment',
    ],
    effects: [
      'reduces signalling overhead', 'increases data throughput', 'extends battery life of the terminal',
      'lowers latency for time-critical traffic', 'improves coverage at the cell edge',
    ],
    uses: ['5G mobile networks', 'Internet of Things devices', 'vehicle-to-vehicle communication', 'smartphones'],
    genericNoun: 'device',
    methodVerb: 'operating',
    companyStems: ['TELOVANT', 'RADIOMESH', 'WAVENTIS', 'CELLARA'],
    companyField: 'COMMUNICATIONS',
  },
  {
    key: 'financial-methods',
    weight: 5,
    ipc: ['G06Q20/40', 'G06Q40/04', 'G06Q20/32', 'G06Q30/02', 'G06Q40/02', 'G06Q10/08'],
    cpc: ['G06Q20/4016', 'G06Q40/04', 'G06Q30/0201', 'G06Q20/322'],
    subjects: [
      'payment authorization system', 'electronic trading platform', 'mobile wallet', 'credit risk scoring system',
      'invoice financing platform', 'loyalty rewards system', 'shipment tracking and billing system',
    ],
    purposes: ['authorizing a payment transaction', 'detecting fraudulent transactions', 'executing trades on an electronic exchange', 'scoring the credit risk of an applicant'],
    components: [
      'a transaction server', 'a payment token', 'an order matching engine', 'a merchant terminal',
      'a customer account database', 'a risk scoring module', 'a digital ledger',
    ],
    steps: [
      'receiving a payment request from a merchant terminal', 'verifying the identity of the payer', 'comparing the transaction with the spending profile of the customer',
      'matching buy orders with sell orders', 'settling the transaction between the accounts',
    ],
    effects: [
      'reduces fraudulent payments', 'speeds up settlement', 'lowers transaction costs',
      'gives lenders a more accurate view of risk', 'keeps customer data confidential',
    ],
    uses: ['online retail checkout', 'retail banking', 'stock exchanges', 'supply chain finance'],
    genericNoun: 'system',
    methodVerb: 'operating',
    companyStems: ['TALLYBRIDGE', 'PAYCREST', 'COINHARBOR', 'LEDGERMONT'],
    companyField: 'FINANCIAL',
  },
  {
    key: 'security',
    weight: 3,
    ipc: ['G08B13/196', 'G06F21/32', 'H04L9/32', 'H04N7/18', 'G06V40/16', 'F41H5/04'],
    cpc: ['G08B13/19613', 'G06F21/32', 'H04L9/3231', 'G06V40/172'],
    subjects: [
      'video surveillance system', 'biometric authentication device', 'intrusion detection system', 'facial recognition access gate',
      'encrypted communication system', 'ballistic armour panel',
    ],
    purposes: ['authenticating a user', 'detecting an intruder', 'encrypting a message', 'protecting personnel against projectiles'],
    components: [
      'a surveillance camera', 'a fingerprint sensor', 'a face template database', 'a cryptographic key store',
      'a motion detector', 'a ceramic strike face', 'an alarm controller',
    ],
    steps: [
      'capturing an image of the face of the user', 'comparing the captured biometric data with a stored template', 'generating an alarm when an intrusion is detected',
      'signing the message with a private key',
    ],
    effects: ['prevents unauthorised access', 'reduces false alarms', 'protects data in transit', 'stops high-velocity projectiles'],
    uses: ['building access control', 'critical infrastructure protection', 'online banking login', 'military equipment'],
    genericNoun: 'system',
    methodVerb: 'operating',
    companyStems: ['SENTRAVIS', 'GUARDLOGIC', 'VIGILORA'],
    companyField: 'SECURITY',
  },
];
