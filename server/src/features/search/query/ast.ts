export type { LeafNode, QueryNode } from '@patentscout/schema';
