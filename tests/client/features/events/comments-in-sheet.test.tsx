import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDb } from '../../../../src/data/core/db';
import { RegistrationDialog } from '../../../../src/features/events/registration-dialog';
import { json, stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';
import { commentBy, threadEvent } from './comments-fixtures';
import { ListedRow } from './listed-row';

// The thread is reached from the week (docs/rules.md#talking-around-an-event): the card says how many
// messages there are; the sheet carries the thread, its own chunk, at the bottom.
beforeAll(stubModalDialogs);

describe("the week's card", () => {
  it('counts the messages in words, one or many, and says nothing when there are none', () => {
    const events = [
      { ...threadEvent(), uuid_event: 'three', comments_count: 3 },
      { ...threadEvent(), uuid_event: 'one', comments_count: 1 },
      { ...threadEvent(), uuid_event: 'none', comments_count: 0 },
      { ...threadEvent(), uuid_event: 'older-server' },
    ];
    render(
      <MemoryRouter>
        <ul>
          {events.map((event) => (
            <ListedRow key={event.uuid_event} event={event} user={USER} />
          ))}
        </ul>
      </MemoryRouter>,
    );
    const [three, one, none, older] = screen.getAllByTestId('event-row') as HTMLElement[];
    expect(within(three as HTMLElement).getByText('3 messages')).toBeTruthy();
    expect(within(one as HTMLElement).getByText('1 message')).toBeTruthy();
    expect(none?.textContent).not.toMatch(/message/);
    expect(older?.textContent).not.toMatch(/message/);
  });
});

describe("the event's sheet", () => {
  it('ends with the thread, read from the server', async () => {
    const event = threadEvent();
    await appDb().events.put(event);
    stubFetch((url) =>
      url === `/api/event/${event.uuid_event}/comments`
        ? json(200, [commentBy({ text: 'Qui a une remorque ?' })])
        : json(200, event),
    );
    render(<RegistrationDialog event={event} user={USER} onClose={() => undefined} />);
    const thread = await screen.findByRole('region', { name: 'Discussion' });
    expect(await within(thread).findByText('Qui a une remorque ?')).toBeTruthy();
    expect(within(thread).getByRole('textbox', { name: 'Écrire un message' })).toBeTruthy();
  });
});
