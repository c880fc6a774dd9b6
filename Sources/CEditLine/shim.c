// pipe2, O_CLOEXEC, ttyname_r and wcwidth are GNU/XSI extensions.
#define _GNU_SOURCE

#include "CEditLine.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

// MARK: EditLine wrappers

EditLine *cel_init(const char *prog) { return el_init(prog, stdin, stdout, stderr); }

int cel_set_prompt(EditLine *el, cel_prompt_fn fn) { return el_set(el, EL_PROMPT_ESC, fn, '\1'); }

int cel_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }

int cel_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }

int cel_set_hist(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }

int cel_set_clientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }

void *cel_get_clientdata(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0)
        return NULL;
    return data;
}

int cel_addfn(EditLine *el, const char *name, const char *help, cel_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}

int cel_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, (const char *)NULL);
}

int cel_source_editrc(EditLine *el) { return el_source(el, NULL); }

void cel_write(EditLine *el, const char *text) {
    FILE *fp = NULL;
    if (el_get(el, EL_GETFP, 1, &fp) != 0 || fp == NULL)
        fp = stdout;
    fputs(text, fp);
    fflush(fp);
}

int cel_columns(EditLine *el) {
    int cols = 0;
    if (el_get(el, EL_GETTC, "co", &cols) == 0 && cols > 0)
        return cols;
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    return 80;
}

int cel_wcwidth(unsigned int scalar) { return wcwidth((wchar_t)scalar); }

// MARK: History wrappers

int cel_hist_setsize(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}

int cel_hist_setunique(History *h, int unique) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, unique);
}

int cel_hist_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}

int cel_hist_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}

int cel_hist_save(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_SAVE, path);
}

int cel_hist_delete_newest(History *h, const char *line) {
    HistEvent ev;
    // H_FIRST is the newest entry; H_NEXT walks toward the oldest.
    for (int found = history(h, &ev, H_FIRST); found == 0; found = history(h, &ev, H_NEXT)) {
        if (strcmp(ev.str, line) == 0) return history(h, &ev, H_DEL, ev.num);
    }
    return -1;
}


// MARK: Incremental history search (Ctrl-R)
//
// Written by hand because libedit's own search mishandles wide characters (no other library
// here searches a libedit history). libedit's em-inc-search-prev (search.c ce_inc_search) dispatches each typed key on
// el_map.current[(unsigned char)ch], the LOW BYTE of the wide character. A Hangul syllable whose
// low byte is bound to a non-insert key ends the search and is pushed back into the line:
// 켓 U+CF13 -> ^S (ed-ignore), 발 U+BC1C -> ^\, 대 U+B300 -> ^@. Still so in NetBSD search.c 1.52.
// This replacement reads whole wide characters and uses only libedit's public API. Each key is
// one libedit command: after handling a key it pushes ^R back and returns CC_REFRESH, so libedit
// redraws the line (with "\nbck:pattern" below it, as its own search does, or the labels set with
// cel_set_search_labels) and calls us again.

#define CEL_LINE_MAX 4096
#define CEL_PATTERN_MAX 256

static int input_fd(void);

/// Whether more input arrives within `ms` milliseconds: the rest of an escape sequence (an arrow
/// key's `ESC [ A` comes at once), as against Escape typed alone.
static int input_follows(int ms) {
    struct pollfd pending = {.fd = input_fd(), .events = POLLIN, .revents = 0};
    return poll(&pending, 1, ms) > 0;
}

static struct {
    int active;
    wchar_t original[CEL_LINE_MAX], found[CEL_LINE_MAX], pattern[CEL_PATTERN_MAX];
    size_t original_cursor, length, at;
    int index;   // history entry shown, 0 = newest; -1 = the line as typed
    int failed;
} search;

/// Replaces the whole line with `text` (+ `suffix`, drawn after it) and puts the cursor at
/// offset `cursor` of `text`.
static void put_line(EditLine *el, const wchar_t *text, const wchar_t *suffix, size_t cursor) {
    const LineInfoW *li = el_wline(el);
    el_cursor(el, (int)(li->lastchar - li->cursor));
    li = el_wline(el);
    el_wdeletestr(el, (int)(li->lastchar - li->buffer));
    if (text[0] != L'\0')
        el_winsertstr(el, text);
    if (suffix != NULL && suffix[0] != L'\0')
        el_winsertstr(el, suffix);
    li = el_wline(el);
    el_cursor(el, (int)cursor - (int)(li->cursor - li->buffer));
}

#define CEL_LABEL_MAX 64

/// What is shown before the pattern, in the reader's language (cel_set_search_labels); libedit's
/// own words until then.
static wchar_t search_labels[2][CEL_LABEL_MAX] = {L"bck:", L"bck?"};

int cel_set_search_labels(const char *found, const char *failed) {
    const char *given[2] = {found, failed};
    wchar_t converted[2][CEL_LABEL_MAX];
    for (int i = 0; i < 2; i++) {
        size_t n = mbstowcs(converted[i], given[i], CEL_LABEL_MAX - 1);
        // Not text in the locale's encoding, or too long: the labels stay as they were.
        if (n == (size_t)-1 || n >= CEL_LABEL_MAX - 1)
            return -1;
        converted[i][n] = L'\0';
    }
    wmemcpy(search_labels[0], converted[0], CEL_LABEL_MAX);
    wmemcpy(search_labels[1], converted[1], CEL_LABEL_MAX);
    return 0;
}

static void put_search_line(EditLine *el, int with_prompt) {
    wchar_t suffix[CEL_PATTERN_MAX + CEL_LABEL_MAX + 2];
    swprintf(suffix, CEL_PATTERN_MAX + CEL_LABEL_MAX + 2, L"\n%ls%ls", search_labels[search.failed ? 1 : 0],
             search.pattern);
    if (search.index < 0)
        put_line(el, search.original, with_prompt ? suffix : NULL, search.original_cursor);
    else
        put_line(el, search.found, with_prompt ? suffix : NULL, search.at);
}

/// Looks for the pattern in history entries `from` (0 = newest) and older; 1 when found.
static int search_from(History *h, int from) {
    static wchar_t entry[CEL_LINE_MAX];
    HistEvent ev;
    int index = 0;
    for (int rc = history(h, &ev, H_FIRST); rc == 0; rc = history(h, &ev, H_NEXT), index++) {
        if (index < from)
            continue;
        // An entry too long for the buffer is skipped whole: cut, it would be a different command.
        size_t n = mbstowcs(NULL, ev.str, 0);
        if (n == (size_t)-1 || n >= CEL_LINE_MAX)
            continue;
        n = mbstowcs(entry, ev.str, CEL_LINE_MAX - 1);
        if (n == (size_t)-1)
            continue;
        entry[n] = L'\0';
        if (n > 0 && entry[n - 1] == L'\n')
            entry[n - 1] = L'\0';
        const wchar_t *hit = wcsstr(entry, search.pattern);
        if (hit != NULL) {
            wcscpy(search.found, entry);
            search.index = index;
            search.at = (size_t)(hit - entry);
            search.failed = 0;
            return 1;
        }
    }
    search.failed = 1;
    return 0;
}

unsigned char cel_inc_search(EditLine *el, History *h) {
    if (!search.active) {   // ^R typed: start
        const LineInfoW *li = el_wline(el);
        size_t length = (size_t)(li->lastchar - li->buffer);
        if (length >= CEL_LINE_MAX)
            return CC_ERROR;
        wmemcpy(search.original, li->buffer, length);
        search.original[length] = L'\0';
        search.original_cursor = (size_t)(li->cursor - li->buffer);
        search.pattern[0] = L'\0';
        search.length = 0;
        search.index = -1;
        search.failed = 0;
        search.active = 1;
        put_search_line(el, 1);
        el_wpush(el, L"\x12");
        return CC_REFRESH;
    }
    // Called again through the pushed ^R: the display is up to date; read the next key.
    wchar_t ch;
    if (el_wgetc(el, &ch) != 1) {   // EOF, or SIGINT from the interruptible reader
        search.active = 0;
        put_search_line(el, 0);
        return CC_EOF;
    }
    int found = 1;
    if (ch == 0x12) {                         // ^R: the next older match
        if (search.length > 0)
            found = search_from(h, search.index + 1);
    } else if (ch == 0x7f || ch == 0x08) {    // Backspace: shorter pattern, from the newest again
        if (search.length == 0)
            found = 0;
        else if ((search.pattern[--search.length] = L'\0'), search.length == 0) {
            search.index = -1;
            search.failed = 0;
        } else
            found = search_from(h, 0);
    } else if (ch == 0x07) {                  // ^G: abandon, the line as it was
        search.active = 0;
        search.index = -1;
        put_search_line(el, 0);
        return CC_REFRESH;
    } else if (ch >= 0x20 && !(ch >= 0x7f && ch < 0xa0)) {
        if (search.length + 1 < CEL_PATTERN_MAX) {
            search.pattern[search.length++] = ch;
            search.pattern[search.length] = L'\0';
            found = search_from(h, search.index < 0 ? 0 : search.index);
        } else
            found = 0;
    } else if (ch == 0x1b && !input_follows(30)) {
        // Escape alone ends the search on the line found, as bash's does. Pushed back it would
        // stay pending as a Meta prefix, and turn the next key (Ctrl-R again) into another.
        search.active = 0;
        put_search_line(el, 0);
        return CC_REFRESH;
    } else {                                  // any other key (Enter, ^A, ESC of an arrow...)
        search.active = 0;                    // ends the search on the line found, then runs
        put_search_line(el, 0);
        wchar_t key[2] = {ch, L'\0'};
        el_wpush(el, key);
        return CC_REFRESH;
    }
    put_search_line(el, 1);
    el_wpush(el, L"\x12");
    return found ? CC_REFRESH : CC_REFRESH_BEEP;
}

// libedit keeps the newest entry first: H_LAST is the oldest and H_PREV walks toward the newest.
const char *cel_hist_oldest(History *h) {
    HistEvent ev;
    if (history(h, &ev, H_LAST) != 0)
        return NULL;
    return ev.str;
}

const char *cel_hist_newer(History *h) {
    HistEvent ev;
    if (history(h, &ev, H_PREV) != 0)
        return NULL;
    return ev.str;
}

// MARK: SIGINT
//
// Under `static func main() async` the thread that reads the terminal blocks SIGINT and the
// signal lands on the parked main thread, so a blocking read() is never interrupted. The handler
// therefore only counts the signal and writes a byte to two pipes: the "edit" pipe wakes a
// reader waiting in poll(), the "task" pipe wakes InterruptMonitor's dispatch source. The count
// decides who consumes a signal: whoever moves `sigint_handled` up to `sigint_count` owns it, so
// a Ctrl-C pressed between Enter and the command's registration is not lost, and one already
// consumed by the editor does not also cancel the next command.

static atomic_ulong sigint_count;
static atomic_ulong sigint_handled;
static atomic_int reading;
static atomic_int edit_interrupted;
// Written once under install_lock before the handler can run; the handler only reads them.
static int edit_pipe[2] = {-1, -1};
static int task_pipe[2] = {-1, -1};

static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;
static int installed_for_good;
static int acquire_depth;
static struct sigaction saved_action;

// One byte to a signal's pipe, from its handler (async-signal-safe, errno kept). A full pipe
// already holds a wake-up, so a failed write loses nothing.
static void wake(int fd) {
    int saved_errno = errno;
    char byte = 0;
    if (fd >= 0 && write(fd, &byte, 1) < 0) {
    }
    errno = saved_errno;
}

static void on_sigint(int signo) {
    (void)signo;
    atomic_fetch_add(&sigint_count, 1);
    wake(edit_pipe[1]);
    wake(task_pipe[1]);
}

void cel_sigint_simulate(void) { on_sigint(SIGINT); }

int cel_signal_is_ignored(int signo) {
    struct sigaction current;
    return sigaction(signo, NULL, &current) == 0 && current.sa_handler == SIG_IGN;
}

static int ensure_pipes_locked(void) {
    if (edit_pipe[0] >= 0)
        return 0;
    int e[2], t[2];
    if (pipe2(e, O_NONBLOCK | O_CLOEXEC) != 0)
        return -1;
    if (pipe2(t, O_NONBLOCK | O_CLOEXEC) != 0) {
        close(e[0]);
        close(e[1]);
        return -1;
    }
    task_pipe[0] = t[0];
    task_pipe[1] = t[1];
    edit_pipe[0] = e[0];
    edit_pipe[1] = e[1];
    return 0;
}

// Sets `signo`'s action to `handler` (a function, SIG_IGN or SIG_DFL) with `flags` and an empty
// mask, keeping the one before in `previous` when given: the one way this file changes an action
// but SIGINT's own.
static int set_action(int signo, void (*handler)(int), int flags, struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = flags;
    return sigaction(signo, &action, previous);
}

// While a program has the terminal (cel_signals_hand_over), SIGINT stays ignored: a change of
// its action is made to the one given back afterwards.
static int handed_over_depth;
static struct sigaction handed_over_int, handed_over_quit;

static int set_sigint_locked(const struct sigaction *action, struct sigaction *previous) {
    if (handed_over_depth == 0)
        return sigaction(SIGINT, action, previous);
    if (previous != NULL)
        *previous = handed_over_int;
    handed_over_int = *action;
    return 0;
}

static struct sigaction handler_action(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    // No SA_RESTART: a read on the thread that takes the signal should return EINTR.
    sa.sa_flags = 0;
    return sa;
}

int cel_sigint_install(void) {
    pthread_mutex_lock(&install_lock);
    int rc = ensure_pipes_locked();
    if (rc == 0 && !installed_for_good) {
        struct sigaction sa = handler_action();
        rc = set_sigint_locked(&sa, NULL);
        if (rc == 0)
            installed_for_good = 1;
    }
    pthread_mutex_unlock(&install_lock);
    return rc;
}

void cel_sigint_acquire(void) {
    pthread_mutex_lock(&install_lock);
    if (ensure_pipes_locked() == 0 && !installed_for_good && acquire_depth++ == 0) {
        struct sigaction sa = handler_action();
        if (set_sigint_locked(&sa, &saved_action) != 0)
            acquire_depth = 0;
    }
    pthread_mutex_unlock(&install_lock);
}

void cel_sigint_release(void) {
    pthread_mutex_lock(&install_lock);
    if (!installed_for_good && acquire_depth > 0 && --acquire_depth == 0)
        set_sigint_locked(&saved_action, NULL);
    pthread_mutex_unlock(&install_lock);
}

// While an editor or a pager owns the terminal, Ctrl-C and Ctrl-\ are its alone: the shell
// ignores SIGINT and SIGQUIT meanwhile, as system(3) does, and the kernel drops them on arrival
// (setting SIG_IGN also discards one already pending). Caught instead, a SIGINT could still be
// waiting for a shell thread to run its handler after the program had ended, and would then
// cancel the next command (seen once in CI: `health: cancelled` after an editor stopped by ^C).
// The programs themselves start with the default dispositions (POSIX_SPAWN_SETSIGDEF).

void cel_signals_hand_over(void) {
    pthread_mutex_lock(&install_lock);
    if (handed_over_depth++ == 0) {
        set_action(SIGINT, SIG_IGN, 0, &handed_over_int);
        set_action(SIGQUIT, SIG_IGN, 0, &handed_over_quit);
    }
    pthread_mutex_unlock(&install_lock);
}

void cel_signals_take_back(void) {
    pthread_mutex_lock(&install_lock);
    if (handed_over_depth > 0 && --handed_over_depth == 0) {
        sigaction(SIGINT, &handed_over_int, NULL);
        sigaction(SIGQUIT, &handed_over_quit, NULL);
    }
    pthread_mutex_unlock(&install_lock);
}

int cel_sigint_task_fd(void) { return task_pipe[0]; }

static void drain(int fd) {
    char sink[64];
    while (fd >= 0 && read(fd, sink, sizeof sink) > 0) {
    }
}

void cel_sigint_drain_task_fd(void) { drain(task_pipe[0]); }

unsigned long cel_sigint_count(void) { return atomic_load(&sigint_count); }

void cel_sigint_discard(void) {
    drain(edit_pipe[0]);
    atomic_store(&sigint_handled, atomic_load(&sigint_count));
}

int cel_sigint_take(void) {
    unsigned long handled = atomic_load(&sigint_handled);
    for (;;) {
        unsigned long count = atomic_load(&sigint_count);
        if (count == handled)
            return 0;
        if (atomic_compare_exchange_weak(&sigint_handled, &handled, count))
            return 1;
    }
}

void cel_set_reading(int on) { atomic_store(&reading, on); }

int cel_is_reading(void) { return atomic_load(&reading); }

int cel_edit_was_interrupted(void) { return atomic_load(&edit_interrupted); }

void cel_clear_edit_interrupted(void) { atomic_store(&edit_interrupted, 0); }

// A ^C makes the kernel send SIGINT and then flush the terminal's queues (n_tty isig()), so
// input that poll() reported can be gone by the time read() runs, and a blocking read() would
// then wait for a whole new line and never look at the pipe. Reads therefore go through a
// separate non-blocking open of the same terminal (O_NONBLOCK on fd 0 itself would leak into
// the parent shell, which shares that open file description).
static pthread_once_t input_once = PTHREAD_ONCE_INIT;
static int input_descriptor = STDIN_FILENO;

static void open_input(void) {
    char name[256];
    if (!isatty(STDIN_FILENO) || ttyname_r(STDIN_FILENO, name, sizeof name) != 0)
        return;
    int fd = open(name, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0)
        input_descriptor = fd;
}

static int input_fd(void) {
    pthread_once(&input_once, open_input);
    return input_descriptor;
}

// The kernel sends the signal while holding the terminal's termios lock for writing and
// releases it only after flushing the queues; TCGETS takes that lock for reading. Waiting on it
// keeps what is printed in answer to the ^C from being flushed away with the queues.
void cel_tty_barrier(void) {
    struct termios settings;
    if (isatty(STDIN_FILENO))
        tcgetattr(STDIN_FILENO, &settings);
}

// A Ctrl-C that stopped a command, in cooked mode with ECHO and ECHOCTL on: the terminal echoed
// "^C" where the cursor was, and a line break after it (as bash gives) starts what the stopped
// command says on a line of its own. With ECHOCTL off the kernel echoes the bare, invisible
// character, and with ECHO off nothing at all: no break then. Its tcgetattr() is
// cel_tty_barrier()'s wait.
void cel_tty_break_after_interrupt(void) {
    struct termios settings;
    if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &settings) != 0)
        return;
    tcflag_t needed = ISIG | ECHO | ECHOCTL;
    if ((settings.c_lflag & needed) != needed)
        return;
    int fd = isatty(STDERR_FILENO) ? STDERR_FILENO : isatty(STDOUT_FILENO) ? STDOUT_FILENO : -1;
    if (fd >= 0 && write(fd, "\n", 1) < 0) {
    }
}

// After Ctrl-Z and `fg`, libedit's own reader redraws the line when read() fails with EINTR
// for SIGCONT. Here the signal lands on another thread, so a handler reports it through a pipe
// and the reader redraws itself.
static int continue_pipe[2] = {-1, -1};

static void on_sigcont(int signo) {
    (void)signo;
    wake(continue_pipe[1]);
}

// A signal the reader watches while a line is edited: when its action is `unwatched` (the
// program's own handler is left alone), `handler` reports it through `pipe_fds`, and the
// action goes back to `unwatched` after; what the pipe still holds then is dropped.
struct signal_watch {
    int signo;
    void (*unwatched)(int);
    void (*handler)(int);
    int *pipe_fds;
    int watching;
};

static void watch(struct signal_watch *w, int on) {
    pthread_mutex_lock(&install_lock);
    if (on && !w->watching) {
        struct sigaction current;
        if (sigaction(w->signo, NULL, &current) == 0 && current.sa_handler == w->unwatched &&
            (w->pipe_fds[0] >= 0 || pipe2(w->pipe_fds, O_NONBLOCK | O_CLOEXEC) == 0) &&
            set_action(w->signo, w->handler, SA_RESTART, NULL) == 0)
            w->watching = 1;
    } else if (!on && w->watching) {
        set_action(w->signo, w->unwatched, 0, NULL);
        w->watching = 0;
        drain(w->pipe_fds[0]);
    }
    pthread_mutex_unlock(&install_lock);
}

// Only while a line is edited: libedit installs its own SIGCONT handler for that span anyway,
// and outside it a handler would make poll()/epoll_wait() elsewhere in the process fail with
// EINTR after every `fg`.
static struct signal_watch sigcont_watch = {SIGCONT, SIG_DFL, on_sigcont, continue_pipe, 0};

void cel_sigcont_watch(int on) { watch(&sigcont_watch, on); }

// Ctrl-\ at the prompt of a program that ignores SIGQUIT (an interactive shell does): libedit's
// EL_SIGNAL handler still catches it while a line is edited, puts the terminal in cooked mode,
// re-sends it to the ignoring disposition and returns, and the line goes on being edited in
// cooked mode (echoed twice, Enter needed for each key). While a line is edited, such a
// program's SIGQUIT is therefore caught by a handler that reports it through a pipe, and the
// reader puts the terminal back in raw mode. A program that leaves SIGQUIT to its default is
// left alone (it quits, with the terminal restored).
static int quit_pipe[2] = {-1, -1};

static void on_sigquit(int signo) {
    (void)signo;
    wake(quit_pipe[1]);
}

static struct signal_watch sigquit_watch = {SIGQUIT, SIG_IGN, on_sigquit, quit_pipe, 0};

void cel_sigquit_watch(int on) { watch(&sigquit_watch, on); }

/// Waits until the terminal is readable or a SIGINT nobody has handled arrives; redraws `el`
/// (when given) after the process was continued. Returns 1 for input, 0 for SIGINT, -1 for a
/// poll error.
static int wait_for_input_or_sigint(EditLine *el) {
    for (;;) {
        struct pollfd fds[4];
        nfds_t count = 0;
        int sigint_index = -1, continue_index = -1, quit_index = -1;
        fds[count].fd = input_fd();
        fds[count].events = POLLIN;
        fds[count++].revents = 0;
        if (edit_pipe[0] >= 0) {
            sigint_index = (int)count;
            fds[count].fd = edit_pipe[0];
            fds[count].events = POLLIN;
            fds[count++].revents = 0;
        }
        if (el != NULL && continue_pipe[0] >= 0) {
            continue_index = (int)count;
            fds[count].fd = continue_pipe[0];
            fds[count].events = POLLIN;
            fds[count++].revents = 0;
        }
        if (el != NULL && quit_pipe[0] >= 0) {
            quit_index = (int)count;
            fds[count].fd = quit_pipe[0];
            fds[count].events = POLLIN;
            fds[count++].revents = 0;
        }
        if (poll(fds, count, -1) < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (sigint_index >= 0 && (fds[sigint_index].revents & POLLIN)) {
            drain(edit_pipe[0]);
            if (cel_sigint_take()) {
                cel_tty_barrier();
                return 0;
            }
        }
        if (continue_index >= 0 && (fds[continue_index].revents & POLLIN)) {
            drain(continue_pipe[0]);
            el_set(el, EL_REFRESH);
        }
        if (quit_index >= 0 && (fds[quit_index].revents & POLLIN)) {
            // libedit's handler left the terminal cooked: raw again. Nothing was drawn, so the
            // line on the screen is still right (a refresh would draw the prompt again after it).
            drain(quit_pipe[0]);
            el_set(el, EL_PREP_TERM, 1);
        }
        // POLLHUP/POLLERR/POLLNVAL too: the read() that follows reports them as EOF or an error.
        if (fds[0].revents != 0)
            return 1;
    }
}

// EL_GETCFN: one wide character per call, decoded with the locale as libedit's own reader does;
// 1 = a character, 0 = EOF, -1 = error or SIGINT (el_gets then returns NULL with count -1).
static int interruptible_getc(EditLine *el, wchar_t *out) {
    char bytes[MB_LEN_MAX];
    size_t used = 0;
    for (;;) {
        int ready = wait_for_input_or_sigint(el);
        if (ready == 0) {
            atomic_store(&edit_interrupted, 1);
            *out = L'\0';
            errno = EINTR;
            return -1;
        }
        if (ready < 0) {
            *out = L'\0';
            return -1;
        }
        char byte;
        ssize_t n = read(input_fd(), &byte, 1);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            *out = L'\0';
            return -1;
        }
        if (n == 0) {
            *out = L'\0';
            return 0;
        }
        bytes[used++] = byte;
        for (;;) {
            mbstate_t state;
            memset(&state, 0, sizeof state);
            size_t r = mbrtowc(out, bytes, used, &state);
            if (r == (size_t)-2) {
                // Incomplete sequence: read more, unless it cannot be completed any more.
                if (used == sizeof bytes)
                    used = 0;
                break;
            }
            if (r == (size_t)-1) {
                // Invalid: drop what came before; the last byte may start a valid sequence.
                if (used > 1) {
                    bytes[0] = bytes[used - 1];
                    used = 1;
                    continue;
                }
                used = 0;
                break;
            }
            return 1;
        }
    }
}

int cel_use_interruptible_getc(EditLine *el) { return el_set(el, EL_GETCFN, interruptible_getc); }

// MARK: Secret prompt

static void write_all(int fd, const char *text) {
    size_t left = strlen(text);
    while (left > 0) {
        ssize_t n = write(fd, text, left);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        text += n;
        left -= (size_t)n;
    }
}

long cel_read_secret(const char *prompt, int out_fd, char *buf, size_t cap) {
    struct termios saved, quiet;
    int is_tty = tcgetattr(STDIN_FILENO, &saved) == 0;
    if (is_tty) {
        quiet = saved;
        quiet.c_lflag &= ~(tcflag_t)(ECHO | ECHOE | ECHOK);
        // ECHONL still moves the cursor down when Enter is pressed; ICANON lets the kernel edit.
        quiet.c_lflag |= ECHONL | ICANON;
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    }
    // The prompt goes out only once echo is off, so nothing typed after seeing it is echoed.
    fflush(stdout);
    if (prompt != NULL && out_fd >= 0)
        write_all(out_fd, prompt);

    long result;
    size_t used = 0;
    for (;;) {
        int ready = wait_for_input_or_sigint(NULL);
        if (ready <= 0) {
            result = ready == 0 ? -1 : -3;
            break;
        }
        // One byte at a time, so nothing after the newline is taken from later readers.
        char byte;
        ssize_t n = read(input_fd(), &byte, 1);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            result = -3;
            break;
        }
        if (n == 0) {
            result = used > 0 ? (long)used : -2;
            break;
        }
        if (byte == '\n') {
            result = (long)used;
            break;
        }
        if (used < cap)
            buf[used++] = byte;
    }
    if (result > 0 && buf[result - 1] == '\r')
        result -= 1;

    if (is_tty)
        tcsetattr(STDIN_FILENO, TCSADRAIN, &saved);
    return result;
}
