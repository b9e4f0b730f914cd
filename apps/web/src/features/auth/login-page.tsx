import { useLayoutEffect, useRef, useState } from 'react';
import { Button, Form, Input, InputNumber, theme } from 'antd';
import { LockOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { APP_TITLE } from '@predio/contract/constants';
import { ZLoginBody } from '@predio/contract/usuarios';
import logo from '../../assets/logo.svg';
import { zodRule } from '../../components/zod-rule.ts';
import { leerArranque, leerFormulario, quitarArranque } from './arranque.ts';
import { useLogin } from './api/login.ts';
import './login-page.css';

type LoginForm = { idEmpresa: number | null; usuario: string; clave: string };

const LAST_COMPANY_KEY = 'predio-ultima-empresa';

function lastCompany(): number | null {
  const stored = Number(localStorage.getItem(LAST_COMPANY_KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

export function LoginPage() {
  const login = useLogin();
  const [form] = Form.useForm<LoginForm>();
  const { token } = theme.useToken();

  const submit = (values: LoginForm) => {
    // spec §5: the username is trimmed before sending (the schema's transform does it).
    const body = ZLoginBody.parse(values);
    localStorage.setItem(LAST_COMPANY_KEY, String(body.idEmpresa));
    login.mutate(body);
  };

  // What was typed in login.html's form while the app loaded: the initial values and the focus; that form
  // goes once this one is on screen, and an «Ingresar» pressed there is sent now (once).
  const [arranque] = useState(leerArranque);
  // Without that form, Empresa takes the focus as the page opens. With it, the focus goes where the cursor
  // is as this form replaces it, and nowhere else: the inputs' own autoFocus runs after this effect and
  // would send the next keystrokes to Empresa.
  const autoFoco = arranque === null;
  const enviado = useRef(false);
  useLayoutEffect(() => {
    // What was typed after the first render read the form, and where the cursor is now.
    const ahora = leerFormulario();
    quitarArranque();
    if (ahora === null) return;
    const { foco, cursor, enviar, ...valores } = ahora;
    form.setFieldsValue({ ...valores, idEmpresa: valores.idEmpresa ?? form.getFieldValue('idEmpresa') });
    form.focusField(foco ?? 'idEmpresa');
    const campo = document.activeElement;
    // Only text-like inputs have a cursor (a number input would throw).
    if (cursor !== null && campo instanceof HTMLInputElement && /^(text|password|search)$/.test(campo.type))
      campo.setSelectionRange(cursor[0], cursor[1]);
    if (enviar && !enviado.current) {
      enviado.current = true;
      form.submit();
    }
  }, [form]);

  return (
    <main className="login-page">
      {/* Drawn as antd's Card and Typography draw them, from the theme's tokens: those components bring tabs,
          menus and text editing along, which this page would be the only reason to load before logging in. */}
      <div
        className="login-card"
        style={{
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          padding: token.paddingLG,
          color: token.colorText,
          fontFamily: token.fontFamily,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
        }}
      >
        <div className="login-brand">
          <img src={logo} alt="" width={48} height={48} />
          <div>
            <h3
              style={{
                margin: 0,
                color: token.colorTextHeading,
                fontWeight: token.fontWeightStrong,
                fontSize: token.fontSizeHeading3,
                lineHeight: token.lineHeightHeading3,
              }}
            >
              {APP_TITLE}
            </h3>
            <span style={{ color: token.colorTextDescription }}>Ingrese con los datos de su empresa</span>
          </div>
        </div>
        <Form<LoginForm>
          form={form}
          layout="vertical"
          size="large"
          requiredMark={false}
          initialValues={{
            idEmpresa: arranque?.idEmpresa ?? lastCompany(),
            usuario: arranque?.usuario ?? '',
            clave: arranque?.clave ?? '',
          }}
          onFinish={submit}
          disabled={login.isPending}
        >
          <Form.Item
            label="Empresa"
            name="idEmpresa"
            rules={[{ required: true, message: 'Empresa es obligatoria' }, zodRule(ZLoginBody.shape.idEmpresa, 'Empresa')]}
          >
            <InputNumber
              prefix={<ShopOutlined />}
              min={1}
              precision={0}
              controls={false}
              style={{ width: '100%' }}
              autoFocus={autoFoco}
            />
          </Form.Item>
          <Form.Item label="Usuario" name="usuario" rules={[zodRule(ZLoginBody.shape.usuario, 'Usuario')]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoCapitalize="off" spellCheck={false} />
          </Form.Item>
          <Form.Item label="Contraseña" name="clave" rules={[zodRule(ZLoginBody.shape.clave, 'Contraseña')]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            Ingresar
          </Button>
        </Form>
      </div>
    </main>
  );
}
