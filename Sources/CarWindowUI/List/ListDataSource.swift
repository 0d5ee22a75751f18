/// Supplies a ``ListView``'s rows on demand: the list asks only for the rows it is about to show, so a list of
/// 10,000 rows costs per frame what a list of 20 does.
///
/// Only the row count and ``list(_:rowFor:)`` are required. Make rows with ``ListView/dequeueRow(withIdentifier:)``
/// and a new ``ListRow`` when it returns `nil`.
///
/// ```swift
/// final class Songs: ListDataSource {
///     let titles: [String]
///     init(titles: [String]) { self.titles = titles }
///     func list(_ list: ListView, numberOfRowsIn section: Int) -> Int { titles.count }
///     func list(_ list: ListView, rowFor indexPath: IndexPath) -> ListRow {
///         let row = list.dequeueRow(withIdentifier: "song") ?? ListRow(reuseIdentifier: "song")
///         row.text = titles[indexPath.row]
///         return row
///     }
///     func list(_ list: ListView, identityForRowAt indexPath: IndexPath) -> String { titles[indexPath.row] }
/// }
/// ```
@CarWindowActor
public protocol ListDataSource: AnyObject {
    /// How many sections; 1 unless implemented.
    func numberOfSections(in list: ListView) -> Int
    func list(_ list: ListView, numberOfRowsIn section: Int) -> Int
    /// The row view for `indexPath`, configured; reuse a dequeued one when there is one.
    func list(_ list: ListView, rowFor indexPath: IndexPath) -> ListRow
    /// A section header's text, or `nil` for no header (the default).
    func list(_ list: ListView, titleForHeaderIn section: Int) -> String?
    /// The row's identity, which keeps its haptic id while it scrolls and across reuse; "section.row" by default.
    func list(_ list: ListView, identityForRowAt indexPath: IndexPath) -> String
    /// The row's height when rows are measured; `nil` (the default) uses ``ListView/rowHeight``.
    func list(_ list: ListView, heightForRowAt indexPath: IndexPath) -> Double?
}

extension ListDataSource {
    public func numberOfSections(in list: ListView) -> Int { 1 }
    public func list(_ list: ListView, titleForHeaderIn section: Int) -> String? { nil }
    public func list(_ list: ListView, identityForRowAt indexPath: IndexPath) -> String { indexPath.description }
    public func list(_ list: ListView, heightForRowAt indexPath: IndexPath) -> Double? { nil }
}
