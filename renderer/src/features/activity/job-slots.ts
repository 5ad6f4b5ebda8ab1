/*
 * What the Activity page borrows from the document actions (the only file here that imports another
 * feature): the job progress with its Pause / Resume / Stop / Retry / Carry on here, for the Bulk
 * actions card; and what happened to each document of a finished one.
 */
export { JobProgress, JobResults } from '../document-actions/job-progress';
