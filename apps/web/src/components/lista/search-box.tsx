import { useEffect, useState } from 'react';
import { Input } from 'antd';

type Props = { value: string | undefined; onSearch: (q: string) => void; label: string; placeholder: string; title: string };

/** The list's q: applied after a pause in typing (or on Enter), and reset when the URL changes it (back button). */
export function SearchBox({ value, onSearch, label, placeholder, title }: Props) {
  const actual = value ?? '';
  const [texto, setTexto] = useState(actual);
  const [previo, setPrevio] = useState(actual);
  if (actual !== previo) {
    setPrevio(actual);
    if (actual !== texto.trim()) setTexto(actual);
  }

  useEffect(() => {
    if (texto.trim() === actual) return;
    const timer = setTimeout(() => onSearch(texto.trim()), 400);
    return () => clearTimeout(timer);
  }, [texto, actual, onSearch]);

  return (
    <Input.Search
      className="lista-buscar"
      value={texto}
      allowClear
      aria-label={label}
      placeholder={placeholder}
      title={title}
      onChange={(e) => setTexto(e.target.value)}
      onSearch={(v) => onSearch(v.trim())}
    />
  );
}
