import { describeEngines, SQLITE } from '../helpers/engines.js';
import { monitoringKill } from './monitoring-kill-suite.js';

describeEngines('monitoring sweep killed at several points, then resumed', monitoringKill, [SQLITE]);
