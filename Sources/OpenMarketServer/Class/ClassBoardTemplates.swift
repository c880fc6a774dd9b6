/// The class board's Mustache templates. Each declares the `SAFE_HTML` content type, so every
/// `{{value}}` (a student's name, a route) is escaped on Unicode scalars as the storefront's are
/// (`HTMLEscaping`); `{{{rows}}}` is only the output of the `rows` template.
enum ClassBoardTemplates {
    static let page = """
        {{% CONTENT_TYPE: SAFE_HTML}}<!DOCTYPE html>
        <html lang="{{lang}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>{{title}}</title>
        <link rel="stylesheet" href="/class/style.css">
        <script src="/class/app.js" defer></script>
        </head>
        <body>
        <header>
        <h1>{{title}}</h1>
        <p id="count">{{count}}</p>
        {{#showSteps}}<p id="assignment">{{assignment}}</p>{{/showSteps}}
        {{#assignmentUnreadable}}<p id="assignment-unreadable">{{assignmentUnreadableText}}</p>{{/assignmentUnreadable}}
        <p id="live" hidden>{{live}}</p>
        </header>
        <main>
        {{#empty}}<p class="empty">{{emptyText}}</p>{{/empty}}
        <table id="board" data-steps="{{showSteps}}" data-habits="{{showHabits}}">
        <thead><tr>
        <th class="name">{{studentLabel}}</th><th class="num">{{requestsLabel}}</th><th class="methods">{{methodsLabel}}</th>
        <th class="statuses">{{statusesLabel}}</th><th class="error">{{lastErrorLabel}}</th><th class="num">{{productsLabel}}</th>
        {{#showSteps}}<th class="steps">{{stepsLabel}}</th>{{/showSteps}}{{#showHabits}}<th class="habits">{{habitsLabel}}</th>{{/showHabits}}
        </tr></thead>
        <tbody>
        {{#rows}}
        <tr data-id="{{id}}" class="{{#quiet}}quiet{{/quiet}}{{#failing}} failing{{/failing}}">
        <td class="name" data-field="name" title="{{name}}">{{name}}</td><td class="num" data-field="requests">{{requests}}</td>
        <td class="methods" data-field="methods" data-value="{{methodsValue}}" title="{{methodsValue}}">{{methods}}</td><td class="statuses" data-field="statuses">{{statuses}}</td>
        <td class="error" data-title="errorTitle" title="{{errorTitle}}"><span class="code" data-field="error">{{error}}</span> <span class="meaning" data-field="meaning">{{meaning}}</span></td>
        <td class="num" data-field="products">{{products}}</td>
        {{#showSteps}}<td class="steps" data-field="steps" data-value="{{stepsValue}}" title="{{stepNames}}">{{steps}}</td>{{/showSteps}}{{#showHabits}}<td class="habits" data-field="habits" data-value="{{habitsValue}}" title="{{habitsTitle}}">{{habits}}</td>{{/showHabits}}
        </tr>
        {{/rows}}
        </tbody>
        </table>
        </main>
        </body>
        </html>

        """

    static let refused = """
        {{% CONTENT_TYPE: SAFE_HTML}}<!DOCTYPE html>
        <html lang="{{lang}}">
        <head>
        <meta charset="utf-8">
        <meta name="referrer" content="no-referrer">
        <title>{{title}}</title>
        </head>
        <body>
        <h1>{{message}}</h1>
        <p>{{hint}}</p>
        </body>
        </html>

        """

    static let all: [String: String] = ["page": page, "refused": refused]
}
