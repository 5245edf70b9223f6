import { describe, it } from 'vitest';
import { tasksModel } from '../../examples/tasks-app/model';
import { appModel } from '../../examples/virtual-apps';
import type { TourStep } from '../virtual/app-tour';
import {
  exampleAppHarness,
  itBuildsReadablePackages,
  itPlantsBugsTheTourCatches,
  itShipsItsModel,
} from './example-app-harness';

const h = exampleAppHarness('tasks', tasksModel);
const { app: tasks, walk } = h;

describe('the to-do app (Tickwise)', () => {
  itShipsItsModel(h, [
    'pick-due',
    'pick-priority',
    'pick-project',
    'profile',
    'project',
    'projects',
    'search',
    'settings',
    'signin',
    'task',
    'task-form',
    'tasks',
  ]);

  itBuildsReadablePackages(h, { name: 'Tickwise', version: '2.3.0', screen: 'tasks', title: 'Tasks' });

  it('signs in, adds, edits, completes, deletes, searches and keeps settings as its tour says', async () => {
    await walk(appModel(tasks, 'correct'));
  });

  /** Where the tour, walked on a build with one planted bug, must stop (the last step of the tour like it). */
  const CAUGHT_AT: Record<string, TourStep> = {
    'wrong-password-message': { check: 'signin-error', text: 'Email or password is incorrect' },
    'undo-renamed': { check: 'undo-complete', text: 'Mark as not done' },
    'complete-keeps-count': { check: 'tasks-left', text: '9 tasks left' },
    'passport-missing-upcoming': { check: 'task-9', text: 'Renew passport' },
    'delete-does-nothing': { check: 'tasks-notice', text: 'Task deleted' },
    'errands-count-off': { check: 'project-count', text: '3 open tasks' },
    'dark-mode-springs-back': { check: 'dark-mode', on: true },
  };

  itPlantsBugsTheTourCatches(h, { count: 'seven', caughtAt: CAUGHT_AT, stopsAt: 'last' });
});
