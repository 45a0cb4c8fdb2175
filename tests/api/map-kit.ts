import { sql } from 'kysely';
import { buildMeaning } from '@patentscout/indexer/meaning/build-meaning';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';

/** Five topics far apart in meaning, so that a map of their patents has regions to find. */
export const MAP_TOPICS = [
  ['battery electrode lithium cathode', 'A lithium battery with a coated cathode electrode.'],
  ['drone rotor propeller flight', 'An unmanned drone whose rotor propellers steer its flight.'],
  ['wheat harvest grain combine', 'A combine harvester threshes wheat grain in the field.'],
  ['insulin pump glucose sensor', 'A pump doses insulin by a glucose sensor reading.'],
  ['bridge cable steel tower', 'A suspension bridge hangs its deck from steel cables and towers.'],
] as const;

/**
 * 30 patents over the five topics. Every one holds the query's word "device", which no region may
 * be labelled by.
 */
export const mapPatents = Array.from({ length: 30 }, (_, index) => {
  const [title, abstract] = MAP_TOPICS[index % MAP_TOPICS.length]!;
  return patentRow({
    title: `DEVICE ${title.toUpperCase()} ${index}`,
    abstract: `${abstract} The device ${index}.`,
  });
});

/** The patent left without a meaning vector: the map lists it as not placed. */
export const unplacedPatent = mapPatents[29]!;

/** An app holding `mapPatents`, their meaning built, all but `unplacedPatent` with a vector. */
export async function startMapApp(): Promise<TestApp> {
  const app = await startTestApp();
  await insertPatents(app.database.db, mapPatents);
  await sql`ANALYZE patent_search`.execute(app.database.db);
  await buildMeaning(app.database.db);
  await sql`DELETE FROM patent_vectors WHERE lens_id = ${unplacedPatent.lens_id}`.execute(app.database.db);
  return app;
}
