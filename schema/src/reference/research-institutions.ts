/**
 * Research institutions of the university searches, with the applicant names they file under.
 * Offices and the provider spell an institution several ways (the full legal name, the DOCDB
 * abbreviation such as 'UNIV MELBOURNE', a commercialisation company), so a search for an
 * institution matches any of its names. The first name is the one most often seen.
 */
export interface ResearchInstitution {
  key: string;
  name: string;
  applicantNames: readonly string[];
}

/** The Group of Eight research-intensive Australian universities. */
export const GO8_UNIVERSITIES: readonly ResearchInstitution[] = [
  {
    key: 'anu',
    name: 'Australian National University',
    applicantNames: [
      'THE AUSTRALIAN NATIONAL UNIVERSITY',
      'UNIV AUSTRALIAN NATIONAL',
      'ANU ENTERPRISE PTY LTD',
    ],
  },
  {
    key: 'melbourne',
    name: 'University of Melbourne',
    applicantNames: ['THE UNIVERSITY OF MELBOURNE', 'UNIV MELBOURNE'],
  },
  {
    key: 'sydney',
    name: 'University of Sydney',
    applicantNames: ['THE UNIVERSITY OF SYDNEY', 'UNIV SYDNEY'],
  },
  {
    key: 'queensland',
    name: 'University of Queensland',
    applicantNames: ['THE UNIVERSITY OF QUEENSLAND', 'UNIV QUEENSLAND', 'UNIQUEST PTY LTD'],
  },
  {
    key: 'unsw',
    name: 'UNSW Sydney',
    applicantNames: [
      'NEWSOUTH INNOVATIONS PTY LIMITED',
      'UNIV NEW SOUTH WALES',
      'THE UNIVERSITY OF NEW SOUTH WALES',
    ],
  },
  { key: 'monash', name: 'Monash University', applicantNames: ['MONASH UNIVERSITY', 'UNIV MONASH'] },
  {
    key: 'western-australia',
    name: 'University of Western Australia',
    applicantNames: ['THE UNIVERSITY OF WESTERN AUSTRALIA', 'UNIV WESTERN AUSTRALIA'],
  },
  {
    key: 'adelaide',
    name: 'University of Adelaide',
    applicantNames: ['THE UNIVERSITY OF ADELAIDE', 'UNIV ADELAIDE', 'ADELAIDE RESEARCH & INNOVATION PTY LTD'],
  },
];

/** Other Australian universities (the "ex-Go8" collection). */
export const EX_GO8_UNIVERSITIES: readonly ResearchInstitution[] = [
  {
    key: 'rmit',
    name: 'RMIT University',
    applicantNames: ['RMIT UNIVERSITY', 'ROYAL MELBOURNE INSTITUTE OF TECHNOLOGY'],
  },
  {
    key: 'qut',
    name: 'Queensland University of Technology',
    applicantNames: ['QUEENSLAND UNIVERSITY OF TECHNOLOGY', 'UNIV QUEENSLAND TECHNOLOGY'],
  },
  {
    key: 'uts',
    name: 'University of Technology Sydney',
    applicantNames: ['UNIVERSITY OF TECHNOLOGY SYDNEY', 'UNIV SYDNEY TECHNOLOGY'],
  },
  {
    key: 'macquarie',
    name: 'Macquarie University',
    applicantNames: ['MACQUARIE UNIVERSITY', 'UNIV MACQUARIE'],
  },
  { key: 'deakin', name: 'Deakin University', applicantNames: ['DEAKIN UNIVERSITY', 'UNIV DEAKIN'] },
  {
    key: 'wollongong',
    name: 'University of Wollongong',
    applicantNames: ['UNIVERSITY OF WOLLONGONG', 'UNIV WOLLONGONG'],
  },
  { key: 'griffith', name: 'Griffith University', applicantNames: ['GRIFFITH UNIVERSITY', 'UNIV GRIFFITH'] },
  {
    key: 'curtin',
    name: 'Curtin University',
    applicantNames: ['CURTIN UNIVERSITY', 'CURTIN UNIVERSITY OF TECHNOLOGY'],
  },
  {
    key: 'swinburne',
    name: 'Swinburne University of Technology',
    applicantNames: ['SWINBURNE UNIVERSITY OF TECHNOLOGY', 'UNIV SWINBURNE TECHNOLOGY'],
  },
  { key: 'la-trobe', name: 'La Trobe University', applicantNames: ['LA TROBE UNIVERSITY', 'UNIV LA TROBE'] },
  {
    key: 'south-australia',
    name: 'University of South Australia',
    applicantNames: ['UNIVERSITY OF SOUTH AUSTRALIA', 'UNIV SOUTH AUSTRALIA'],
  },
  {
    key: 'newcastle',
    name: 'University of Newcastle',
    applicantNames: ['THE UNIVERSITY OF NEWCASTLE', 'UNIV NEWCASTLE'],
  },
  { key: 'flinders', name: 'Flinders University', applicantNames: ['FLINDERS UNIVERSITY', 'UNIV FLINDERS'] },
  {
    key: 'james-cook',
    name: 'James Cook University',
    applicantNames: ['JAMES COOK UNIVERSITY', 'UNIV JAMES COOK'],
  },
  {
    key: 'tasmania',
    name: 'University of Tasmania',
    applicantNames: ['UNIVERSITY OF TASMANIA', 'UNIV TASMANIA'],
  },
];

export const CSIRO: ResearchInstitution = {
  key: 'csiro',
  name: 'CSIRO',
  applicantNames: [
    'COMMONWEALTH SCIENTIFIC AND INDUSTRIAL RESEARCH ORGANISATION',
    'COMMW SCIENT IND RES ORG',
  ],
};

export const HARVARD: ResearchInstitution = {
  key: 'harvard',
  name: 'Harvard University',
  applicantNames: ['PRESIDENT AND FELLOWS OF HARVARD COLLEGE', 'HARVARD COLLEGE'],
};
