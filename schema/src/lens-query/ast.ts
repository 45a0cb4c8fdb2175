import type { FieldName } from './fields.js';

/** A parsed advanced query. `position` is the 0-based offset of the node in the query text. */
export type QueryNode =
  | { kind: 'and'; children: QueryNode[] }
  | { kind: 'or'; children: QueryNode[] }
  | { kind: 'not'; child: QueryNode }
  | { kind: 'term'; field: FieldName; value: string; wildcard: boolean; position: number }
  | { kind: 'phrase'; field: FieldName; text: string; slop: number | null; position: number }
  | {
      kind: 'range';
      field: FieldName;
      from: string | null;
      to: string | null;
      includeFrom: boolean;
      includeTo: boolean;
      position: number;
    };

export type LeafNode = Extract<QueryNode, { kind: 'term' | 'phrase' | 'range' }>;
