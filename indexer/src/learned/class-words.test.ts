import { describe, expect, it } from 'vitest';
import { ClassWordCounter, classesOf } from './class-words.js';

const hive = (text: string) => ({ text, ipcSymbols: ['A01K47/06'] });
const oven = (text: string) => ({ text, ipcSymbols: ['F24C15/32'] });

describe('learning the words that distinguish a classification', () => {
  it('reads the main group and subclass of an IPC symbol, and nothing of a malformed one', () => {
    expect(classesOf('a01k 47/06')).toEqual({ group: 'A01K47', subclass: 'A01K' });
    expect(classesOf('not a class')).toBeNull();
  });

  it("keeps the words a class's patents share and the corpus does not, most distinguishing first", () => {
    const counter = new ClassWordCounter();
    counter.add(hive('Beehive frame for honey and a device for bees'));
    counter.add(hive('Hive with a honey extractor device for bees'));
    counter.add(hive('Heated beehive for bees in winter, a device'));
    for (const text of ['A device for cooking food', 'Baking device with hot air fan', 'A device with a fan'])
      counter.add(oven(text));
    const learned = new Map(counter.classWords().map((entry) => [entry.name, entry.words]));
    const words = learned.get('A01K47')!;
    // Every patent of the group says bees, two say beehive or honey; "device" every patent does.
    expect(words.slice(0, 3)).toContain('bees');
    expect(words).toContain('honey');
    expect(words).not.toContain('device');
    // A word only one patent of the group uses is that patent's, not the group's.
    expect(words).not.toContain('winter');
    expect(learned.get('A01K')).toEqual(words);
    expect(learned.get('F24C15')).toContain('fan');
  });

  it('learns nothing for a class with too few patents with text', () => {
    const counter = new ClassWordCounter();
    counter.add(hive('Beehive frame for honey'));
    counter.add(hive('Hive with a honey extractor'));
    expect(counter.classWords()).toEqual([]);
  });
});
