import Foundation
import MCP
import OpenMarketContract
import Synchronization

/// How a plan that deletes may go ahead.
enum DeleteConfirmation: Sendable {
    /// The person confirmed it.
    case confirmed
    /// Within the session's allowance: this many products are reserved from it.
    case allowed(Int)
    /// Not to be applied; nothing is sent.
    case refused(AgentFailure)
}

extension AgentServer {
    /// The person asked, when the client can ask them; else the session's allowance of deletes
    /// without confirmation, or a refusal that says how a person can confirm.
    func confirmDeletes(_ plan: Plan) async -> DeleteConfirmation {
        if clientAsks {
            switch await ask(plan) {
            case .confirmed: return .confirmed
            case .notConfirmed(let why): return .refused(AgentFailure(ServerMessage.notConfirmed(why)))
            }
        }
        let used = unconfirmedDeleted + unconfirmedReserved
        guard used + plan.deletes <= limits.unconfirmedDeletes else {
            return .refused(
                AgentFailure(
                    ServerMessage.deleteAllowanceUsed(
                        allowed: limits.unconfirmedDeletes, deleted: unconfirmedDeleted, asked: plan.deletes)))
        }
        unconfirmedReserved += plan.deletes
        return .allowed(plan.deletes)
    }

    /// Asks the person, through the client, to confirm the plan's deletes: a form with one
    /// boolean, `confirm`. Only an accepted form with `confirm` true confirms.
    private func ask(_ plan: Plan) async -> PendingAnswer.Answer {
        guard inputOpen else { return .notConfirmed(.clientClosed) }
        let question = PendingAnswer()
        questions[ObjectIdentifier(question)] = question
        defer { questions[ObjectIdentifier(question)] = nil }
        let message = sessions.session.shell.secrets.masked(Self.question(plan))
        let schema = Self.confirmationSchema
        let server = server
        let asking = Task {
            do {
                let result = try await server.requestElicitation(message: message, requestedSchema: schema)
                question.settle(Self.answer(result))
            } catch {
                question.settle(.notConfirmed(.cannotAsk(Self.reason(error))))
            }
        }
        // The tool call cancelled (the client gave up on it): settled as cancelled, nothing sent.
        // The question itself stays with the client: the SDK (0.12.1) does not say the id of
        // its elicitation request, so it cannot be cancelled (`Server.cancelRequest`).
        return await withTaskCancellationHandler {
            await question.wait()
        } onCancel: {
            question.settle(.notConfirmed(.callCancelled))
            asking.cancel()
        }
    }

    /// What the person reads: the question, then each product the plan changes (before →
    /// after, as the plan lists them). Not the plan's lines, which tell the model how to apply it.
    static func question(_ plan: Plan) -> String {
        let products = PlanText.listed(plan.products.map(\.line.text))
        return ([ServerMessage.deleteQuestion(count: plan.deletes).text] + products).joined(separator: "\n")
    }

    /// The form the person fills in: one box to tick.
    static var confirmationSchema: Elicitation.RequestSchema {
        Elicitation.RequestSchema(
            properties: [
                "confirm": .object([
                    "type": .string("boolean"), "title": .string(ServerMessage.confirmTitle.text),
                    "description": .string(ServerMessage.confirmDescription.text), "default": .bool(false),
                ])
            ],
            required: ["confirm"])
    }

    static func answer(_ result: CreateElicitation.Result) -> PendingAnswer.Answer {
        switch result.action {
        case .accept: result.content?["confirm"] == .bool(true) ? .confirmed : .notConfirmed(.declined)
        case .decline: .notConfirmed(.declined)
        case .cancel: .notConfirmed(.cancelled)
        }
    }

    /// An error from the client as one short line.
    static func reason(_ error: any Error) -> String {
        let text = (error as? MCPError)?.errorDescription ?? String(describing: error)
        return AgentText.cut(AgentText.firstLine(text), at: 200)
    }
}

/// A question to the person, answered once: by the client, or as not confirmed when the input
/// ends first (the client can no longer answer).
final class PendingAnswer: Sendable {
    enum Answer: Sendable {
        case confirmed
        case notConfirmed(ServerMessage.NotConfirmed)
    }

    private struct State {
        var waiter: CheckedContinuation<Answer, Never>?
        var answer: Answer?
    }

    private let state = Mutex(State())

    func wait() async -> Answer {
        await withCheckedContinuation { continuation in
            state.withLock { state in
                if let answer = state.answer { continuation.resume(returning: answer) } else { state.waiter = continuation }
            }
        }
    }

    /// The first answer counts; later ones are ignored.
    func settle(_ answer: Answer) {
        state.withLock { state in
            guard state.answer == nil else { return }
            state.answer = answer
            state.waiter?.resume(returning: answer)
            state.waiter = nil
        }
    }
}
