#ifndef C_THREAD_PLACEMENT_H
#define C_THREAD_PLACEMENT_H

// Starts a detached thread that runs `work(context)` on another core than the caller's, where
// the process may use more than one.
//
// Why by hand: Linux places a new thread on its creator's core (wake_up_new_task), where it waits
// until the creator sleeps, even with the other core idle; at a program's start, when the main
// thread runs for milliseconds without sleeping, work handed to another thread was done after the
// main thread's, not beside it. Neither Foundation's Thread nor Swift's concurrency lets a thread
// be created with an affinity, and glibc's CPU_* macros and pthread_attr_setaffinity_np do not
// reach Swift. The thread is created allowed only on the cores the caller is not on, then given
// back every core the process may use before `work` runs: it starts beside the caller, and
// anything it starts may run anywhere.
//
// Answers 0 when the thread was started (beside the caller or, on one core, anywhere), else an
// errno value; `work` is then not run.
int ctp_start_beside(void (*work)(void *context), void *context);

// The core the calling thread runs on now, -1 when the system does not say (sched_getcpu).
int ctp_current_core(void);

// How many cores the calling thread may run on (its affinity), 0 when the system does not say.
int ctp_cores_allowed(void);

#endif
