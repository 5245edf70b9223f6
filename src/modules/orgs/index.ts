export { countMembers, deleteOutstandingInvitationsSentBy } from './orgs.repository';
export { OrgsService } from './orgs.service';
