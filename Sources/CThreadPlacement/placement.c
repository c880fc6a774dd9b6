#define _GNU_SOURCE
#include "CThreadPlacement.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

struct start {
    void (*work)(void *);
    void *context;
    cpu_set_t allowed;
};

static void *run(void *argument) {
    struct start start = *(struct start *)argument;
    free(argument);
    // Every core again: a thread this one starts inherits its affinity.
    pthread_setaffinity_np(pthread_self(), sizeof start.allowed, &start.allowed);
    start.work(start.context);
    return NULL;
}

int ctp_start_beside(void (*work)(void *context), void *context) {
    struct start *start = malloc(sizeof *start);
    if (start == NULL) return ENOMEM;
    start->work = work;
    start->context = context;
    if (sched_getaffinity(0, sizeof start->allowed, &start->allowed) != 0) CPU_ZERO(&start->allowed);
    pthread_attr_t attributes;
    int failed = pthread_attr_init(&attributes);
    if (failed != 0) {
        free(start);
        return failed;
    }
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    cpu_set_t beside = start->allowed;
    int here = sched_getcpu();
    if (here >= 0 && here < CPU_SETSIZE) CPU_CLR(here, &beside);
    if (CPU_COUNT(&beside) > 0) pthread_attr_setaffinity_np(&attributes, sizeof beside, &beside);
    pthread_t thread;
    failed = pthread_create(&thread, &attributes, run, start);
    pthread_attr_destroy(&attributes);
    if (failed != 0) free(start);
    return failed;
}

int ctp_current_core(void) { return sched_getcpu(); }

int ctp_cores_allowed(void) {
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return 0;
    return CPU_COUNT(&allowed);
}
