import TerminalText

extension ShellConsole {
    /// Asks `question` (a typed ``Message``: `delete #3 Mug?`) as a yes-or-no question, ` [y/N] `
    /// after it, and reads the answer once (`YesOrNo`): true only when the person said yes. The
    /// one confirmation of the shell; a caller asks only where someone is there to answer.
    public func confirm(_ question: Message) -> Bool {
        YesOrNo.isYes(ask(YesOrNo.prompt(question.text)))
    }
}
