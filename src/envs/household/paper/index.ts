/**
 * The GAVEL paper's own benchmark (100 single tasks over 10 BEHAVIOR scenes)
 * and its recorded real-LLM runs, read from `../shared/data/gavel-benchmark`
 * at run time: the task reader, the scene builder, the recording reader and
 * the replay through our graph machine with the paper's action semantics.
 */
export { readPaperTasks, paperTasksFromJson, type PaperTask, type PaperSpawn } from './tasks.js';
export { paperTaskScene } from './scene.js';
export { readRecording, recordingFromJson, PAPER_STATUSES, type Recording, type RecordedRow, type RecordedSim } from './recording.js';
export { replayRecording, replayRow, AGREEMENT_COLUMNS, type ReplayResult, type ReplayRow, type ReplayVerdict, type Disagreement, type AgreementColumn } from './replay.js';
export { paperHouseholdTasks, translatePaperPlan, type PaperHouseholdTasks } from './household-tasks.js';
export { paperTaskSceneFile } from './scene.js';
