public import CarWindow

/// The demo's destination search: a `TextField` typed through the head unit's keyboard and a `ListView` of
/// matching destinations that scrolls with momentum. Choosing a row calls ``onChoose``.
@CarWindowActor
public final class DestinationSearchPanel: StackView {
    /// Street names the demo searches; 2,000 destinations, so the list has something to scroll.
    final class Destinations: ListDataSource {
        static let streets = [
            "Main Street", "Market Square", "Harbour Road", "Station Avenue", "Park Lane", "Mill Road", "Church Street",
            "Bridge Street", "High Street", "Garden Way",
        ]
        let all: [String] = (1...200).flatMap { number in streets.map { "\($0) \(number)" } }
        var matches: [String]

        init() { matches = all }

        func filter(by query: String) {
            let words = query.lowercased().split(separator: " ")
            matches = words.isEmpty ? all : all.filter { name in words.allSatisfy { name.lowercased().contains($0) } }
        }

        func list(_ list: ListView, numberOfRowsIn section: Int) -> Int { matches.count }
        func list(_ list: ListView, identityForRowAt indexPath: IndexPath) -> String { matches[indexPath.row] }
        func list(_ list: ListView, rowFor indexPath: IndexPath) -> ListRow {
            let row = list.dequeueRow(withIdentifier: "destination") ?? ListRow(reuseIdentifier: "destination")
            row.text = matches[indexPath.row]
            row.detailText = "\(Double(indexPath.row % 40 + 1) / 2) km"
            return row
        }
    }

    public let field = TextField(placeholder: "Where to?")
    public let closeButton = Button(title: "Close")
    public let results = ListView()
    let destinations = Destinations()
    /// Called with the chosen destination's name.
    public var onChoose: (@CarWindowActor (String) -> Void)?

    public init() {
        super.init(axis: .vertical, spacing: 12, insets: EdgeInsets(all: 16))
        field.autoCompleteList = Array(Destinations.streets)
        let header = StackView(axis: .horizontal, spacing: 12, arrangedSubviews: [field, closeButton])
        header.preferredHeight = 56
        closeButton.preferredWidth = 110
        results.dataSource = destinations
        results.rowHeight = 64
        results.distractionBehavior = .cap(rows: 6)
        addSubview(header)
        addSubview(results)
        field.onChange = { [weak self] in self?.search($0) }
        field.onSubmit = { [weak self] in self?.search($0) }
        results.onSelect = { [weak self] indexPath in
            guard let self, self.destinations.matches.indices.contains(indexPath.row) else { return }
            self.onChoose?(self.destinations.matches[indexPath.row])
        }
    }

    /// Shows the destinations matching `query` from the top.
    public func search(_ query: String) {
        destinations.filter(by: query)
        results.selectedIndexPath = nil
        results.reloadData()
        results.scroll(to: .zero, animated: false)
    }

    /// The names the list shows now.
    public var matches: [String] { destinations.matches }

    public override var currentBackgroundColor: Color { theme.palette.background }
}
