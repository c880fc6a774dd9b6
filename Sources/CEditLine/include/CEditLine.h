#ifndef OPENMARKET_CEDITLINE_H
#define OPENMARKET_CEDITLINE_H

// The C side of LineEditor. Swift cannot call libedit's variadic functions (el_set, el_get,
// history) nor touch the C stdio globals in Swift 6 mode, so each call LineEditor needs has a
// fixed-signature wrapper here. Signal handlers must be async-signal-safe, which Swift code is
// not, so the SIGINT handler, its self-pipes, the poll()-based character reader and the no-echo
// secret prompt live here too (see docs/libedit.md: "Ctrl-C and Ctrl-D", "The secret prompt").

#include <histedit.h>
#include <stddef.h>

typedef char *(*cel_prompt_fn)(EditLine *);
typedef unsigned char (*cel_command_fn)(EditLine *, int);

// MARK: EditLine

/// el_init on the process's stdin/stdout/stderr.
EditLine *cel_init(const char *prog);
/// EL_PROMPT_ESC with '\1' as the bracket, so colour codes between two '\1' take no width.
int cel_set_prompt(EditLine *el, cel_prompt_fn fn);
int cel_set_editor(EditLine *el, const char *mode);
int cel_set_signal(EditLine *el, int on);
int cel_set_hist(EditLine *el, History *h);
int cel_set_clientdata(EditLine *el, void *data);
void *cel_get_clientdata(EditLine *el);
int cel_addfn(EditLine *el, const char *name, const char *help, cel_command_fn fn);
int cel_bind(EditLine *el, const char *key, const char *command);
/// Reads $EDITRC or ~/.editrc, as other libedit programs do.
int cel_source_editrc(EditLine *el);
/// Writes through libedit's own output stream (so it interleaves correctly with its redraws).
void cel_write(EditLine *el, const char *text);
/// Columns of the terminal libedit draws on, 80 when unknown.
int cel_columns(EditLine *el);
/// Replaces libedit's character reader with one that also wakes on SIGINT (see cel_sigint_*).
int cel_use_interruptible_getc(EditLine *el);
/// Around el_gets: lets the interruptible reader redraw the line after Ctrl-Z and `fg`.
void cel_sigcont_watch(int on);
/// Around el_gets: when the program ignores SIGQUIT, Ctrl-\ leaves the line as it was (libedit's
/// own handler would leave the terminal in cooked mode); a no-op when SIGQUIT is not ignored.
void cel_sigquit_watch(int on);
/// 1 when the last el_gets ended because the interruptible reader took a SIGINT.
int cel_edit_was_interrupted(void);
void cel_clear_edit_interrupted(void);

/// Display width of one Unicode scalar (wcwidth; 2 for Hangul, 0 for combining marks, -1 for controls).
int cel_wcwidth(unsigned int scalar);

// MARK: History

int cel_hist_setsize(History *h, int size);
int cel_hist_setunique(History *h, int unique);
int cel_hist_enter(History *h, const char *line);
int cel_hist_load(History *h, const char *path);
int cel_hist_save(History *h, const char *path);
/// Ctrl-R's incremental history search, bound as an editor function: it reads whole characters
/// (libedit's own looks each key up by its low byte, so 켓 U+CF13 acted as ^S and ended it).
unsigned char cel_inc_search(EditLine *el, History *h);
/// What the search shows before its pattern while an entry holds it, and once none does (UTF-8 in
/// the locale set; libedit's "bck:" and "bck?" until set). -1, nothing changed, for text the
/// locale cannot read or longer than 62 characters.
int cel_set_search_labels(const char *found, const char *failed);
/// Deletes the newest entry equal to `line` (H_DEL by its event number); -1 when there is none.
int cel_hist_delete_newest(History *h, const char *line);
/// Oldest entry (H_LAST); NULL when empty. The pointer is valid until the history changes.
const char *cel_hist_oldest(History *h);
/// The entry after the previous one toward the newest (H_PREV); NULL at the end.
const char *cel_hist_newer(History *h);

// MARK: SIGINT

/// Installs the SIGINT handler for good (sigaction, no SA_RESTART) and creates the self-pipes.
/// Idempotent. Returns 0, or -1 when the pipes cannot be created.
int cel_sigint_install(void);
/// Installs the handler only until cel_sigint_release(), saving the previous disposition, for
/// programs that did not install it for good (a read is then interruptible, commands are not).
/// Nested calls are counted; a no-op once cel_sigint_install() has run.
void cel_sigint_acquire(void);
void cel_sigint_release(void);
/// While a program started on the terminal (an editor, a pager) runs: SIGINT and SIGQUIT are
/// ignored until cel_signals_take_back() restores what they were, so a Ctrl-C meant for the
/// program is dropped by the kernel and never reaches the shell late. Nested calls are counted.
void cel_signals_hand_over(void);
void cel_signals_take_back(void);
/// Read end of the pipe the handler writes to for running commands (InterruptMonitor watches it).
int cel_sigint_task_fd(void);
void cel_sigint_drain_task_fd(void);
/// What a SIGINT does, from an ordinary thread and without the signal: counted, and the pipes
/// written (a program stopping as Ctrl-C does on another signal, SIGTERM).
void cel_sigint_simulate(void);
/// Whether `signo` is ignored now (as `nohup` leaves SIGHUP).
int cel_signal_is_ignored(int signo);
/// SIGINTs received so far.
unsigned long cel_sigint_count(void);
/// Marks every SIGINT so far as handled, so a stale one cannot interrupt what comes next.
void cel_sigint_discard(void);
/// If a SIGINT arrived that nobody has handled yet, marks it handled and returns 1; else 0.
int cel_sigint_take(void);
/// Returns once the kernel has finished flushing the terminal after a ^C (a no-op when stdin is
/// not a terminal), so output written afterwards is not discarded with the flushed queues.
void cel_tty_barrier(void);
/// cel_tty_barrier(), then a line break after the "^C" a cooked terminal echoed for the Ctrl-C
/// that stopped a command (none when the terminal echoed nothing visible).
void cel_tty_break_after_interrupt(void);
/// While a reader waits for input it owns SIGINT; running commands must leave it alone.
void cel_set_reading(int reading);
int cel_is_reading(void);

// MARK: Secret prompt

/// Prints `prompt` to `out_fd` (if >= 0) and reads one line from fd 0 without echo (termios:
/// ECHO off, ECHONL on; restored on every path). Returns the byte length stored in buf (not
/// NUL-terminated, newline stripped, at most cap), -1 on SIGINT, -2 on EOF, -3 on error.
long cel_read_secret(const char *prompt, int out_fd, char *buf, size_t cap);

#endif
