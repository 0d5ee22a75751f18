public import CarWindowUI

/// Rows "Item n" in sections of `perSection`, headed "Section s" when `headers`.
@CarWindowActor
public final class NumberedRows: ListDataSource {
    public var sections: Int
    public var perSection: Int
    public var headers: Bool
    public var tallRows: Set<IndexPath> = []
    public var requested: [IndexPath] = []

    public init(sections: Int = 1, perSection: Int, headers: Bool = false) {
        self.sections = sections
        self.perSection = perSection
        self.headers = headers
    }

    public func numberOfSections(in list: ListView) -> Int { sections }
    public func list(_ list: ListView, numberOfRowsIn section: Int) -> Int { perSection }
    public func list(_ list: ListView, titleForHeaderIn section: Int) -> String? {
        headers ? "Section \(section)" : nil
    }
    public func list(_ list: ListView, heightForRowAt indexPath: IndexPath) -> Double? {
        tallRows.contains(indexPath) ? 120 : nil
    }
    public func list(_ list: ListView, identityForRowAt indexPath: IndexPath) -> String { "item-\(indexPath)" }
    public func list(_ list: ListView, rowFor indexPath: IndexPath) -> ListRow {
        requested.append(indexPath)
        let row = list.dequeueRow(withIdentifier: "item") ?? ListRow(reuseIdentifier: "item")
        row.text = "Item \(indexPath.row)"
        return row
    }
}
