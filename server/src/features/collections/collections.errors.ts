import { AppError } from '../../shared/errors.js';
import { COLLECTION_LIMITS } from './collections.input.js';

export class CollectionNotFoundError extends AppError {
  constructor() {
    super('COLLECTION_NOT_FOUND', 'That collection was not found.');
  }
}

export class MemberNotFoundError extends AppError {
  constructor() {
    super('COLLECTION_MEMBER_NOT_FOUND', 'That patent is not in this collection.');
  }
}

export class CollectionPatentNotFoundError extends AppError {
  constructor(lensId: string) {
    super('PATENT_NOT_FOUND', `No patent ${lensId} is in the corpus.`);
  }
}

export class NameTakenError extends AppError {
  constructor(name: string) {
    super(
      'COLLECTION_NAME_TAKEN',
      `You already have a collection named “${name}”. Please choose another name.`,
    );
  }
}

export class TooManyCollectionsError extends AppError {
  constructor() {
    super(
      'COLLECTION_LIMIT_REACHED',
      `You have ${COLLECTION_LIMITS.collectionsPerUser} collections, the most one account can keep. Delete one to make another.`,
    );
  }
}

export class CollectionFullError extends AppError {
  constructor() {
    super(
      'COLLECTION_LIMIT_REACHED',
      `This collection holds ${COLLECTION_LIMITS.membersPerCollection.toLocaleString('en')} patents, the most a collection can hold.`,
    );
  }
}

export class CollectionLinkNotFoundError extends AppError {
  constructor() {
    super(
      'COLLECTION_LINK_NOT_FOUND',
      'This link to a collection does not work any more: its owner revoked it, or it never existed. Ask the owner for a new link.',
    );
  }
}

export class InvitationNotFoundError extends AppError {
  constructor(message: string) {
    super('COLLECTION_INVITATION_NOT_FOUND', message);
  }
}
