import { describe, expect, it } from 'vitest';
import { anId, createTestContainer } from '../testing';
import { ShareEvent } from './share-event.use-case';

const EVENT = anId(7);

function setup() {
  const { container, fakes } = createTestContainer();
  fakes.navigator.setUrl('https://sortie.example/events?city=Lyon');
  return { share: container.get(ShareEvent), ...fakes };
}

describe('ShareEvent', () => {
  it('records a share of the event and hands on its link with ?nshid=', async () => {
    const { share, api } = setup();
    const outcome = await share.execute(EVENT);
    const [created] = api.records.get('shares')!;
    expect(created).toMatchObject({ target: { kind: 'event', id: EVENT } });
    expect(outcome).toEqual({ kind: 'recorded', url: `https://sortie.example/events/${EVENT}?nshid=${created!._id}`, shareId: created!._id });
  });

  it('hands on the event’s plain link when no share can be recorded', async () => {
    const { share, api } = setup();
    const refusal = new Error('Non connecté.');
    api.failOnce('create', refusal);
    expect(await share.execute(EVENT)).toEqual({ kind: 'link-only', url: `https://sortie.example/events/${EVENT}`, cause: refusal });
  });
});
