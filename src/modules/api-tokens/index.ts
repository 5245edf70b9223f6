export { deleteApiTokensCreatedBy } from './api-tokens.repository';
export { ApiTokensService } from './api-tokens.service';
