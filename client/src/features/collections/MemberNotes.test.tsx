import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../ui/Toasts';
import { UpdateCollectionMemberDocument } from '../../__generated__/graphql';
import { MemberNotes } from './MemberNotes';

const MEMBER = { lens_id: '100-000-000-000-001', note: '', tags: ['Urgent'] };

/** The server's answer to adding `word` to the member's tags. */
function answering(word: string, tags: string[], duplicates: string[]) {
  return {
    request: {
      query: UpdateCollectionMemberDocument,
      variables: { id: 'c1', lensId: MEMBER.lens_id, input: { tags: [...MEMBER.tags, word] } },
    },
    result: {
      data: {
        updateCollectionMember: {
          __typename: 'CollectionMember' as const,
          lens_id: MEMBER.lens_id,
          note: '',
          tags,
          duplicate_tags: duplicates,
        },
      },
    },
  };
}

async function addTag(word: string, mock: ReturnType<typeof answering>) {
  render(
    <MockedProvider mocks={[mock]}>
      <ToastProvider>
        <MemberNotes collectionId="c1" member={MEMBER} editable />
      </ToastProvider>
    </MockedProvider>,
  );
  await userEvent.type(screen.getByRole('textbox', { name: 'Add a tag' }), `${word}{Enter}`);
}

describe('a member’s tags', () => {
  it('says a tag is already there when the server kept it once, in another case', async () => {
    await addTag('urgent', answering('urgent', ['Urgent'], ['urgent']));
    expect(await screen.findByText('The tag “Urgent” is already there.')).toBeInTheDocument();
    expect(screen.queryByText(/added/)).toBeNull();
  });

  it('says a new tag was added', async () => {
    await addTag('later', answering('later', ['Urgent', 'later'], []));
    expect(await screen.findByText('Tag “later” added.')).toBeInTheDocument();
  });
});
