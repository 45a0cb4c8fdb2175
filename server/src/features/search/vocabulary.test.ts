import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SEARCH_FILTER_NAMES } from '@patentscout/schema';
import { buildSchema, isInputObjectType, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { FILTER_INPUTS } from './engine/index.js';

function loadSchema(): GraphQLSchema {
  const dir = path.dirname(createRequire(import.meta.url).resolve('@patentscout/schema'));
  const sdl = readdirSync(dir)
    .filter((file) => file.endsWith('.graphql'))
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .join('\n');
  return buildSchema(sdl, { assumeValidSDL: true });
}

function inputFields(schema: GraphQLSchema, name: string): string[] {
  const type = schema.getType(name);
  if (!isInputObjectType(type)) throw new Error(`${name} is not an input type`);
  return Object.keys(type.getFields()).sort();
}

/** A filter is named once, in the search vocabulary; the SDL and the engine follow it. */
describe('the search vocabulary', () => {
  it("names the engine's filters", () => {
    expect(Object.keys(FILTER_INPUTS).sort()).toEqual([...SEARCH_FILTER_NAMES].sort());
  });

  it('names the fields of SearchInput and LandscapeInput (where kind is kind_codes)', () => {
    const schema = loadSchema();
    expect(inputFields(schema, 'SearchInput')).toEqual(['query', ...SEARCH_FILTER_NAMES].sort());
    // A landscape's other set, a collection (issue 50), is no search filter.
    expect(inputFields(schema, 'LandscapeInput').filter((name) => name !== 'collection')).toEqual(
      ['kind', 'query', ...SEARCH_FILTER_NAMES.map((name) => (name === 'kind' ? 'kind_codes' : name))].sort(),
    );
  });
});
