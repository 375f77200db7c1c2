// The answer shapes of the member's file routes live in the contract, as the client reads them too.
export {
  healthListSchema,
  type LicenceAnswer,
  licenceAnswerSchema,
  type MemberFileAnswer,
  memberFileSchema,
  type StoredHealthItem,
  storedHealthItemSchema,
} from '@common/contract/member-file-answers';
