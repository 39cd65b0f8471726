/**
 * Every kind of deferred work, in one place (decision 0048): the worker the server
 * starts (server/boot.ts) runs these and only these. A new kind is defined beside its
 * rules (defineJob in its module) and added here.
 */
import { analyzeTablesJob } from "~/db/statistics.server";
import { receiptMailJob } from "~/modules/billing/receipts.server";
import { createJobRunner } from "~/lib/job-runner.server";
import { pruneJobsJob } from "~/lib/jobs.server";
import { nightlyBackupJob } from "~/modules/backups/nightly.server";
import { billingSweepJob } from "~/modules/billing/billing-sweep.server";
import { cancelErasedMandatesJob, retryMandateCancelsJob } from "~/modules/billing/erased-mandates.server";
import { processBillingEventJob } from "~/modules/billing/events.server";
import { pruneBillingEventsJob } from "~/modules/billing/events-prune.server";
import { retryEventsJob } from "~/modules/billing/events-retry.server";
import { mandateEndedMailJob, paymentFailedMailJob, planPausedMailJob } from "~/modules/billing/failed-payment-mails.server";
import { createSubscriptionJob } from "~/modules/billing/subscriptions.server";
import { classNoticeJob } from "~/modules/classes/class-staff.server";
import { lapseOffersJob, placeMailJob, returnWaitingCreditsJob } from "~/modules/classes/waitlist.server";
import { checkInReplyMailJob } from "~/modules/check-ins/check-in-review.server";
import { pruneAttentionDismissalsJob } from "~/modules/coaching/attention.server";
import { notifyCoachJob } from "~/modules/contacts/contacts.server";
import { exportJob, sweepExportsJob } from "~/modules/member-data/data-exports.server";
import { deleteFilesJob } from "~/modules/member-data/erasure.server";
import { unreadEmailJob } from "~/modules/messages/message-emails.server";
import { assignCopyJob } from "~/modules/programs/program-assignment.server";
import { planRemindersJob, sendReminderJob } from "~/modules/reminders/reminder-jobs.server";
import { sweepUploadsJob } from "~/modules/uploads/sweep.server";

export const { runDueJobs, startWorker: startJobWorker } = createJobRunner([
  notifyCoachJob,
  assignCopyJob,
  sweepUploadsJob,
  pruneJobsJob,
  analyzeTablesJob,
  pruneAttentionDismissalsJob,
  checkInReplyMailJob,
  unreadEmailJob,
  exportJob,
  sweepExportsJob,
  deleteFilesJob,
  nightlyBackupJob,
  planRemindersJob,
  sendReminderJob,
  lapseOffersJob,
  placeMailJob,
  returnWaitingCreditsJob,
  classNoticeJob,
  receiptMailJob,
  processBillingEventJob,
  retryEventsJob,
  pruneBillingEventsJob,
  createSubscriptionJob,
  paymentFailedMailJob,
  mandateEndedMailJob,
  planPausedMailJob,
  billingSweepJob,
  cancelErasedMandatesJob,
  retryMandateCancelsJob,
]);
