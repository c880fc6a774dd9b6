/// The storefront's Mustache templates. Each declares the `SAFE_HTML` content type, so every
/// `{{value}}` is escaped on Unicode scalars (`HTMLEscaping`); `{{{main}}}` is used only for the
/// output of another of these templates. Kept in the binary so the market needs no
/// files beside it.
enum StorefrontTemplates {
    static let layout = """
        {{% CONTENT_TYPE: SAFE_HTML}}<!DOCTYPE html>
        <html lang="{{lang}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{pageTitle}}</title>
        <link rel="stylesheet" href="/storefront/style.css">
        <script src="/storefront/app.js" defer></script>
        </head>
        <body>
        <header>
        <a class="home" href="/">{{title}}</a>
        <p id="live" hidden>{{live}}</p>
        </header>
        {{{main}}}
        </body>
        </html>

        """

    static let list = """
        {{% CONTENT_TYPE: SAFE_HTML}}<main data-page="{{pageNumber}}">
        <nav class="views" aria-label="{{title}}">
        <a href="{{listURL}}" class="view{{^grid}} current{{/grid}}" id="view-list">{{listLabel}}</a>
        <a href="{{gridURL}}" class="view{{#grid}} current{{/grid}}" id="view-grid">{{gridLabel}}</a>
        </nav>
        {{#empty}}<p class="empty">{{emptyText}}</p>{{/empty}}
        <ul class="products {{layoutClass}}">
        {{#cards}}
        <li class="card{{#soldOut}} sold-out{{/soldOut}}" data-id="{{id}}">
        <a href="{{url}}">
        {{#thumbnail}}<img src="{{thumbnail}}" alt="{{name}}" loading="lazy">{{/thumbnail}}{{^thumbnail}}<span class="no-photo"></span>{{/thumbnail}}
        <span class="name">{{name}}</span>
        </a>
        <span class="price">{{#discounted}}<del class="original">{{original}}</del> {{/discounted}}<span class="final">{{price}}</span>{{#discounted}} <span class="discount">{{discountText}}</span>{{/discounted}}</span>
        {{#soldOut}}<span class="stock sold-out-mark">{{soldOutText}}</span>{{/soldOut}}{{^soldOut}}<span class="stock">{{stockText}}</span>{{/soldOut}}
        <span class="vendor">{{vendor}}</span>
        </li>
        {{/cards}}
        </ul>
        <nav class="pages">
        {{#previousURL}}<a rel="prev" href="{{previousURL}}">{{previousLabel}}</a>{{/previousURL}}
        <span class="page-number">{{pageText}}</span>
        {{#nextURL}}<a rel="next" href="{{nextURL}}">{{nextLabel}}</a>{{/nextURL}}
        </nav>
        </main>
        """

    static let detail = """
        {{% CONTENT_TYPE: SAFE_HTML}}<main class="detail{{#soldOut}} sold-out{{/soldOut}}" data-id="{{id}}">
        <p><a href="/">{{allProducts}}</a></p>
        <h1 class="name">{{name}}</h1>
        <p class="price">{{#discounted}}<del class="original">{{original}}</del> {{/discounted}}<span class="final">{{price}}</span>{{#discounted}} <span class="discount">{{discountText}}</span>{{/discounted}}</p>
        <p>{{#soldOut}}<span class="stock sold-out-mark">{{soldOutText}}</span>{{/soldOut}}{{^soldOut}}<span class="stock">{{stockText}}</span>{{/soldOut}}</p>
        <p class="vendor">{{sellerLabel}}: {{vendor}}</p>
        <p class="description">{{description}}</p>
        <h2>{{photosLabel}}</h2>
        <ul class="photos">
        {{#photos}}<li><img src="{{url}}" alt="{{alt}}"></li>{{/photos}}
        </ul>
        </main>
        """

    static let missing = """
        {{% CONTENT_TYPE: SAFE_HTML}}<main class="missing">
        <p class="empty">{{message}}</p>
        <p><a href="/">{{allProducts}}</a></p>
        </main>
        """

    static let all: [String: String] = ["layout": layout, "list": list, "detail": detail, "missing": missing]
}
