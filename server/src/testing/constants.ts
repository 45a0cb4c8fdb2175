export const TEMPLATE_DATABASE = 'patentscout_template';
export const TEST_PROJECT_ID = 'demo-patentscout-test';
