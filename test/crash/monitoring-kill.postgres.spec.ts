import { describeEngines, POSTGRES } from '../helpers/engines.js';
import { monitoringKill } from './monitoring-kill-suite.js';

// a file of its own: mocha's two workers run it beside the SQLite one
describeEngines('monitoring sweep killed at several points, then resumed', monitoringKill, [POSTGRES]);
