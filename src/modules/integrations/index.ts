export { CommitStatuses } from './commit-statuses';
export { GithubService } from './github.service';
