import NIOCore

extension HeadUnitEmulator {
    /// Recording and conversion of the video and audio services.
    func executeStream(_ action: SessionAction, on connection: Connection) {
        let app = connection.app
        switch action {
        case .videoStarted(let format, let size):
            connection.converter = format.protocol == "RTP" ? RTPAnnexBConverter() : RawAnnexBConverter()
            connection.videoSize = size
            connection.accessUnits = 0
            connection.videoStreams += 1
            if let directory = configuration.recordDirectory {
                let name =
                    "app\(app.rawValue)-video\(connection.videoStreams)-\(size)-\(format.protocol.lowercased()).h264"
                do {
                    connection.videoFile = try FileSink(path: directory + "/" + name)
                } catch {
                    emit(.error(HeadUnitError(error.kind, app: app)))
                }
            }
            emit(.videoStarted(app, format: format, size: size))
        case .videoData(let payload):
            guard var converter = connection.converter else { return }
            let (units, errors) = converter.append(payload)
            for error in errors { emit(.error(HeadUnitError(error.kind, app: app))) }
            connection.converter = converter
            deliver(units, on: connection)
        case .videoStopped(let byHeadUnit):
            if var converter = connection.converter {
                deliver(converter.flush(), on: connection)
            }
            connection.converter = nil
            connection.videoFile?.close()
            connection.videoFile = nil
            emit(.videoStopped(app, byHeadUnit: byHeadUnit, accessUnits: connection.accessUnits))
        case .audioStarted:
            connection.audioBytes = 0
            connection.audioStreams += 1
            if let directory = configuration.recordDirectory {
                do {
                    connection.audioFile = try FileSink(
                        path: directory + "/app\(app.rawValue)-audio\(connection.audioStreams).pcm"
                    )
                } catch {
                    emit(.error(HeadUnitError(error.kind, app: app)))
                }
            }
            emit(.audioStarted(app))
        case .audioData(let payload):
            connection.audioBytes += payload.readableBytes
            write(Array(payload.readableBytesView), to: connection.audioFile, app: app)
            emit(.audioData(app, bytes: payload.readableBytes))
        case .audioStopped(let byHeadUnit):
            connection.audioFile?.close()
            connection.audioFile = nil
            emit(.audioStopped(app, byHeadUnit: byHeadUnit, bytes: connection.audioBytes))
        default:
            break
        }
    }

    private func deliver(_ units: [[UInt8]], on connection: Connection) {
        for unit in units {
            write(unit, to: connection.videoFile, app: connection.app)
            let index = connection.accessUnits
            connection.accessUnits += 1
            emit(.videoFrame(connection.app, index: index, bytes: unit.count))
            publish(VideoAccessUnit(app: connection.app, index: index, size: connection.videoSize, annexB: unit))
        }
    }

    private func write(_ bytes: [UInt8], to file: FileSink?, app: AppID) {
        guard let file else { return }
        do {
            try file.write(bytes)
        } catch {
            emit(.error(HeadUnitError(error.kind, app: app)))
        }
    }
}
